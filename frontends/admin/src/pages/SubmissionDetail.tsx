import { useNavigate, useParams } from 'react-router-dom';
import { App, Button, Card, Col, Empty, Result, Row, Space } from 'antd';
import type { RemoteAppProps } from '@corestone/sdk';
import { AccessDenied, Loading } from '../components/common';
import { ActionsPanel } from '../components/submission/ActionsPanel';
import { BasicInformation } from '../components/submission/BasicInformation';
import { EssayContent } from '../components/submission/EssayContent';
import { ResultsEditor } from '../components/submission/ResultsEditor';
import { SubmissionHeader } from '../components/submission/SubmissionHeader';
import { SubmissionTimeline, UserInformation } from '../components/submission/SubmissionFacts';
import { useSubmission } from '../hooks/useSubmission';
import { isSuperAdmin, mayOpen } from '../lib/roles';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * One submission (/admin/submissions/:id, /admin/evaluations/:id): what the student sent, the
 * results (editable once graded), the review actions, who sent it and its history. The data comes
 * from the hooks (`useSubmission`, and under the cards `useEssayText`, `useResultsDraft`,
 * `useDecision`); the cards are in `components/submission/`.
 */
export function SubmissionDetail(props: RemoteAppProps) {
  if (!mayOpen('submission-detail', props.user)) return <AccessDenied screen="submission-detail" />;
  return <Detail {...props} />;
}

function Detail({ client, user }: RemoteAppProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const intl = useIntl();
  const { message } = App.useApp();
  const { state, reload, update } = useSubmission(client, id);

  if (state.loading) return <Loading />;
  if (state.notFound) {
    return (
      <Result
        status="404"
        title={<FormattedMessage id="submissionDetail.evaluationNotFound" defaultMessage="Evaluation Not Found" />}
        subTitle={
          <FormattedMessage
            id="submissionDetail.theSubmissionYouAreLooking"
            defaultMessage="The submission you are looking for does not exist or has been deleted."
          />
        }
        extra={
          <Button type="primary" onClick={() => navigate('/admin/submissions')}>
            <FormattedMessage id="submissionDetail.backToSubmissions" defaultMessage="Back to Submissions" />
          </Button>
        }
      />
    );
  }
  if (state.error || !state.ev) {
    return (
      <Result
        status="error"
        title={<FormattedMessage id="submissionDetail.failedToLoadEvaluation" defaultMessage="Failed to load evaluation" />}
        subTitle={state.error}
        extra={
          <Button onClick={() => navigate(-1)}>
            <FormattedMessage id="submissionDetail.goBack" defaultMessage="Go Back" />
          </Button>
        }
      />
    );
  }
  const ev = state.ev;

  return (
    <div data-testid="submission-detail">
      <SubmissionHeader ev={ev} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <BasicInformation ev={ev} />
            <EssayContent ev={ev} client={client} />
            {ev.status === 'completed' && ev.results ? (
              <ResultsEditor ev={ev} client={client} onSaved={update} />
            ) : (
              <Card
                title={<FormattedMessage id="submissionDetail.resultsFeedback" defaultMessage="Results & Feedback" />}
                variant="borderless"
              >
                <Empty
                  description={
                    ev.status === 'failed' ? (
                      ev.error_message ? (
                        <FormattedMessage
                          id="submissionDetail.gradingFailedWhy"
                          defaultMessage="Grading failed: {why}"
                          values={{ why: ev.error_message }}
                        />
                      ) : (
                        <FormattedMessage id="submissionDetail.gradingFailed" defaultMessage="Grading failed" />
                      )
                    ) : (
                      <FormattedMessage
                        id="submissionDetail.resultsLater"
                        defaultMessage="Results appear here once grading is completed."
                      />
                    )
                  }
                />
              </Card>
            )}
          </Space>
        </Col>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ActionsPanel
              ev={ev}
              client={client}
              canDelete={isSuperAdmin(user)}
              onChanged={update}
              onDeleted={() => {
                message.success(intl.formatMessage({ id: 'submissionDetail.deleted', defaultMessage: 'Submission deleted' }));
                navigate('/admin/submissions');
              }}
              reload={reload}
            />
            <UserInformation ev={ev} />
            <SubmissionTimeline ev={ev} />
          </Space>
        </Col>
      </Row>
    </div>
  );
}
