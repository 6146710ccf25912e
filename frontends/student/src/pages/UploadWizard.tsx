import { Navigate, useParams } from 'react-router-dom';
import { Alert, Card, Steps } from 'antd';
import { useIntl } from 'react-intl';
import { formatZoned } from '@corestone/ui/zoned-time';
import type { EssayType, RemoteAppProps } from '@corestone/sdk';
import { PageHeading } from '@corestone/ui/app-frame';
import { CreditBanner } from '../components/common';
import { MetadataStep } from '../components/upload/MetadataStep';
import { ReviewStep } from '../components/upload/ReviewStep';
import { StepPanel } from '../components/upload/StepPanel';
import { UploadStep } from '../components/upload/UploadStep';
import { useSchoolFunding } from '../lib/useSchoolFunding';
import { useUploadWizard } from '../lib/useUploadWizard';
import { METADATA_STEP, REVIEW_STEP, STEP_TITLES, UPLOAD_STEP } from '../lib/wizardSteps';

export { validateMetadata } from '../lib/uploadMetadata';
export { chooseFileAgainText } from '../components/upload/UploadStep';

export function UploadWizard(props: RemoteAppProps) {
  const params = useParams();
  const type = params.type === 'ee' || params.type === 'tok' ? (params.type as EssayType) : null;
  if (!type) return <Navigate to="/dashboard" replace />;
  // one wizard per user and essay type: switching type starts over (with that type's own draft, if it has one)
  return <Wizard key={`${props.user.id}:${type}`} type={type} {...props} />;
}

function Wizard(props: RemoteAppProps & { type: EssayType }) {
  const intl = useIntl();
  const wizard = useUploadWizard(props);
  const funding = useSchoolFunding(props.client, props.user);
  const { type, step, panel, file } = wizard;
  return (
    <div>
      <PageHeading
        title={intl.formatMessage({ id: 'upload.title', defaultMessage: 'Upload {essay}' }, { essay: wizard.essayName })}
        subtitle={
          type === 'ee'
            ? intl.formatMessage({
                id: 'upload.subtitle.ee',
                defaultMessage: 'Get criterion-by-criterion feedback on your Extended Essay.',
              })
            : intl.formatMessage({ id: 'upload.tokLength', defaultMessage: 'TOK essays should be about 1,600 words.' })
        }
      />
      <div style={{ marginBottom: 20 }}>
        <CreditBanner user={props.user} funding={funding} />
      </div>
      {wizard.target.assignment && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 20 }}
          data-testid="wizard-assignment"
          title={intl.formatMessage(
            { id: 'upload.assignment.title', defaultMessage: 'Submitting into “{title}” · {className}' },
            { title: wizard.target.assignment.title, className: wizard.target.assignment.class_name },
          )}
          description={`${intl.formatMessage(
            { id: 'upload.assignment.due', defaultMessage: "Due {due}. The essay type and rubric are the assignment's." },
            { due: formatZoned(wizard.target.assignment.due_at, wizard.target.assignment.time_zone, true) },
          )}${wizard.target.assignment.instructions ? ` ${wizard.target.assignment.instructions}` : ''}`}
        />
      )}
      {wizard.target.problem && <Alert type="warning" showIcon style={{ marginBottom: 20 }} title={wizard.target.problem} />}
      <Card variant="borderless">
        <Steps
          current={step}
          items={STEP_TITLES.map((t) => ({ title: intl.formatMessage(t) }))}
          style={{ marginBottom: 32 }}
          data-testid="wizard-steps"
        />
        {step === UPLOAD_STEP && (
          <StepPanel ref={panel} step={step} testId="step-upload">
            <UploadStep wizard={wizard} />
          </StepPanel>
        )}
        {step === METADATA_STEP && (
          <StepPanel ref={panel} step={step} testId="step-metadata">
            <MetadataStep wizard={wizard} />
          </StepPanel>
        )}
        {step === REVIEW_STEP && file && (
          <StepPanel ref={panel} step={step} testId="step-submit">
            <ReviewStep wizard={wizard} file={file} />
          </StepPanel>
        )}
      </Card>
    </div>
  );
}
