import type { ComponentProps } from 'react';
import { Button, Checkbox, Input, Modal, Typography } from 'antd';
import { ReviewTexts } from '@corestone/contracts/review-texts';
import type { Decision } from '../../hooks/useDecision';

/** The approve / reject dialog: its notes (required to reject) and whether the student sees them. */
export function DecisionModal({
  decision,
  busy,
  notes,
  onNotes,
  forStudent,
  onForStudent,
  problem,
  onOk,
  onCancel,
}: {
  /** the open dialog's decision; closed when null */
  decision: Decision | null;
  busy: boolean;
  notes: string;
  onNotes: (notes: string) => void;
  forStudent: boolean;
  onForStudent: (forStudent: boolean) => void;
  /** what is wrong with the notes, once it is to be said (not in red before a word is typed) */
  problem: string | null;
  onOk: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={decision !== null}
      title={decision === 'approve' ? 'Approve Submission' : 'Reject Submission'}
      okText={decision === 'approve' ? 'Approve' : 'Reject'}
      okButtonProps={
        {
          danger: decision === 'reject',
          loading: busy,
          disabled: decision === 'reject' && !notes.trim(),
          'data-testid': 'decision-ok',
        } as ComponentProps<typeof Button>
      }
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {decision === 'approve' ? 'Notes are optional when approving.' : 'Explain why the submission is rejected. Notes are required.'}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="Decision notes"
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder="Admin notes"
        value={notes}
        onChange={(e) => onNotes(e.target.value)}
        status={problem ? 'error' : undefined}
      />
      <Checkbox checked={forStudent} onChange={(e) => onForStudent(e.target.checked)} style={{ marginTop: 8 }} data-testid="decision-share">
        {ReviewTexts.SHOW_NOTES_TO_STUDENT}
      </Checkbox>
      {!forStudent && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {ReviewTexts.NOTES_INTERNAL_HINT}
        </Typography.Text>
      )}
      {problem && decision === 'reject' && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="decision-error">
          {problem}
        </Typography.Text>
      )}
    </Modal>
  );
}
