import type { ReactNode, Ref } from 'react';
import { useIntl } from 'react-intl';
import { stepLabel } from '../../lib/wizardSteps';

interface StepPanelProps {
  ref: Ref<HTMLDivElement>;
  step: number;
  testId: string;
  children: ReactNode;
}

/** The step's panel: focused on a step change, named for screen readers ('Step 2 of 3: Metadata'). */
export function StepPanel({ ref, step, testId, children }: StepPanelProps) {
  const intl = useIntl();
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-label={stepLabel(step, intl)} data-testid={testId} style={{ outline: 'none' }}>
      {children}
    </div>
  );
}
