import type { ComponentProps } from 'react';
import { Button, Checkbox, Input, Modal, Typography } from 'antd';
import { ReviewTexts } from '@corestone/contracts/review-texts';
import type { Decision } from '../../hooks/useDecision';
import { FormattedMessage, useIntl } from 'react-intl';

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
  const intl = useIntl();
  const approving = decision === 'approve';
  return (
    <Modal
      open={decision !== null}
      title={
        approving ? (
          <FormattedMessage id="decision.approveTitle" defaultMessage="Approve Submission" />
        ) : (
          <FormattedMessage id="decision.rejectTitle" defaultMessage="Reject Submission" />
        )
      }
      okText={
        approving ? (
          <FormattedMessage id="decision.approve" defaultMessage="Approve" />
        ) : (
          <FormattedMessage id="decision.reject" defaultMessage="Reject" />
        )
      }
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
        {approving ? (
          <FormattedMessage id="decision.approveNotes" defaultMessage="Notes are optional when approving." />
        ) : (
          <FormattedMessage id="decision.rejectNotes" defaultMessage="Explain why the submission is rejected. Notes are required." />
        )}
      </Typography.Paragraph>
      <Input.TextArea
        aria-label={intl.formatMessage({ id: 'decision.notesLabel', defaultMessage: 'Decision notes' })}
        autoSize={{ minRows: 3, maxRows: 8 }}
        placeholder={intl.formatMessage({ id: 'decision.notesPlaceholder', defaultMessage: 'Admin notes' })}
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
