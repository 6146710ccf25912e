import { App, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { CheckOutlined, CloseOutlined, DownloadOutlined, RedoOutlined } from '@ant-design/icons';
import type { CorestoneClient, Evaluation } from '@corestone/sdk';
import { useBusy } from '../../hooks/useBusy';
import { useDecision } from '../../hooks/useDecision';
import { reviewButtons } from '../../lib/review';
import { DELETE_CONFIRMATION, downloadReport } from '../../lib/submissions';
import { DecisionModal } from './DecisionModal';
import { FormattedMessage, useIntl } from 'react-intl';

/** Approve, Reject (with their dialog), Regrade, Download PDF, Delete (super admin), Refresh status. */
export function ActionsPanel({
  ev,
  client,
  canDelete,
  onChanged,
  onDeleted,
  reload,
}: {
  ev: Evaluation;
  client: CorestoneClient;
  canDelete: boolean;
  onChanged: (ev: Evaluation) => void;
  onDeleted: () => void;
  reload: () => void;
}) {
  const { message } = App.useApp();
  const intl = useIntl();
  const { busy, run } = useBusy();
  const decision = useDecision(ev, client, run, onChanged);
  const buttons = reviewButtons(ev);

  return (
    <Card title={<FormattedMessage id="actionsPanel.actions" defaultMessage="Actions" />} variant="borderless" data-testid="actions">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {ev.status !== 'completed' && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <FormattedMessage
              id="actionsPanel.onlyCompletedSubmissionsCanBe"
              defaultMessage="Only completed submissions can be approved or rejected."
            />
          </Typography.Text>
        )}
        <Button
          block
          type="primary"
          icon={<CheckOutlined />}
          disabled={!buttons.approve}
          data-testid="approve-button"
          onClick={() => decision.open('approve')}
          style={buttons.approve ? { background: '#15803d' } : undefined}
        >
          <FormattedMessage id="actionsPanel.approve" defaultMessage="Approve" />
        </Button>
        <Button
          block
          danger
          icon={<CloseOutlined />}
          disabled={!buttons.reject}
          data-testid="reject-button"
          onClick={() => decision.open('reject')}
        >
          <FormattedMessage id="actionsPanel.reject" defaultMessage="Reject" />
        </Button>
        <Popconfirm
          title={<FormattedMessage id="actionsPanel.gradeThisSubmissionAgain" defaultMessage="Grade this submission again?" />}
          description={
            <FormattedMessage
              id="actionsPanel.itsResultsAreClearedAnd"
              defaultMessage="Its results are cleared and it is graded again; no credit is charged."
            />
          }
          okText={<FormattedMessage id="actionsPanel.regrade" defaultMessage="Regrade" />}
          onConfirm={() =>
            run(
              'regrade',
              async () => {
                onChanged(await client.admin.regrade(ev.id));
                message.success(intl.formatMessage({ id: 'ActionsPanel.regradingStarted', defaultMessage: 'Regrading started' }));
              },
              'Failed to update evaluation',
            )
          }
        >
          <Button
            block
            icon={<RedoOutlined />}
            loading={busy === 'regrade'}
            disabled={ev.status === 'pending' || ev.status === 'processing' || ev.status === 'in_progress'}
          >
            <FormattedMessage id="actionsPanel.regrade" defaultMessage="Regrade" />
          </Button>
        </Popconfirm>
        <Button
          block
          icon={<DownloadOutlined />}
          disabled={ev.status !== 'completed'}
          loading={busy === 'pdf'}
          onClick={() => run('pdf', () => downloadReport(client, ev), 'Failed to download report')}
        >
          <FormattedMessage id="actionsPanel.downloadPdf" defaultMessage="Download PDF" />
        </Button>
        {canDelete && (
          <Popconfirm
            title={<FormattedMessage id="actionsPanel.deleteThisSubmission" defaultMessage="Delete this submission?" />}
            description={<FormattedMessage {...DELETE_CONFIRMATION} />}
            okText={<FormattedMessage id="actionsPanel.delete" defaultMessage="Delete" />}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run(
                'delete',
                async () => {
                  await client.evaluations.remove(ev.id);
                  onDeleted();
                },
                'Failed to delete submission',
              )
            }
          >
            <Button block danger type="text" loading={busy === 'delete'}>
              <FormattedMessage id="actionsPanel.deleteSubmission" defaultMessage="Delete Submission" />
            </Button>
          </Popconfirm>
        )}
        {ev.status !== 'completed' && ev.status !== 'failed' && (
          <Button block type="link" onClick={reload}>
            <FormattedMessage id="actionsPanel.refreshStatus" defaultMessage="Refresh status" />
          </Button>
        )}
      </Space>
      <DecisionModal
        decision={decision.decision}
        busy={busy === decision.decision}
        notes={decision.notes}
        onNotes={decision.setNotes}
        forStudent={decision.forStudent}
        onForStudent={decision.setForStudent}
        problem={decision.showProblem ? decision.problem : null}
        onOk={decision.decide}
        onCancel={decision.close}
      />
    </Card>
  );
}
