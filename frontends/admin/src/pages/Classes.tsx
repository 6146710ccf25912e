import { useState } from 'react';
import { Link, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, App, Button, Card, Col, Empty, Result, Row, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { Assignment, AssignmentSubmission, RemoteAppProps } from '@corestone/sdk';
import { formatZoned } from '@corestone/ui/zoned-time';
import { LoadError, Loading, PageHeader } from '../components/common';
import { AssignmentModal } from '../components/teaching/AssignmentModal';
import { CsvButton } from '../components/teaching/CsvButton';
import { assignmentAddress, GradebookTable, SubmissionCell } from '../components/teaching/GradebookTable';
import { useBusy } from '../hooks/useBusy';
import { useAssignmentSubmissions, useClassWork, useMyClasses } from '../hooks/useTeaching';
import { assignmentWindow, KIND_LABELS, RELEASE_MODE_LABELS, scoreText, stateCounts, STATE_LABELS } from '../lib/teaching';
import { DeepLinkPicker } from '../components/teaching/DeepLinkPicker';
import { FormattedMessage, useIntl } from 'react-intl';

const classAddress = (id: string) => `/admin/classes/${encodeURIComponent(id)}`;

/**
 * /admin/classes (issue 31): a teacher's classes (a school admin's: the school's) → a class's
 * assignments and gradebook → one assignment's submissions → the review screen (/admin/review/:id).
 */
export function Classes(props: RemoteAppProps) {
  const classes = useMyClasses(props.client, props.user);
  const timeZone = classes.data?.timeZone ?? 'UTC';
  return (
    <Routes>
      <Route index element={<ClassList classes={classes} />} />
      <Route path=":classId/assignments/:assignmentId" element={<AssignmentSubmissions {...props} timeZone={timeZone} />} />
      <Route path=":classId/*" element={<ClassArea {...props} timeZone={timeZone} />} />
    </Routes>
  );
}

function ClassList({ classes }: { classes: ReturnType<typeof useMyClasses> }) {
  const intl = useIntl();
  const data = classes.data;
  return (
    <div data-testid="teacher-classes">
      <PageHeader title={<FormattedMessage id="classes.classes" defaultMessage="Classes" />} subtitle={data?.schoolName ?? undefined} />
      {classes.error ? (
        <LoadError message={classes.error} onRetry={classes.reload} />
      ) : !data ? (
        <Loading />
      ) : data.classes.length === 0 ? (
        <Empty
          description={
            <FormattedMessage
              id="classes.youTeachNoClassYet"
              defaultMessage="You teach no class yet: your school admin assigns teachers to classes."
            />
          }
        />
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label={intl.formatMessage({ id: 'classes.classes', defaultMessage: 'Classes' })}>
          {data.classes.map((c) => (
            <Col xs={24} md={12} xl={8} key={c.id} role="listitem">
              <Card size="small" title={c.name} data-testid="teacher-class" style={{ height: '100%' }}>
                <Space orientation="vertical" size={6}>
                  <Typography.Text type="secondary">
                    {[c.subject, c.session].filter(Boolean).join(' · ') ||
                      intl.formatMessage({ id: 'classes.noSubjectOrSession', defaultMessage: 'No subject or session' })}
                  </Typography.Text>
                  <span>
                    <FormattedMessage
                      id="classes.studentCount"
                      defaultMessage="{count, plural, one {# student} other {# students}}"
                      values={{ count: c.student_count }}
                    />
                  </span>
                  <Space wrap>
                    <Link to={classAddress(c.id)}>
                      <Button type="primary" size="small">
                        <FormattedMessage id="classes.assignments" defaultMessage="Assignments" />
                      </Button>
                    </Link>
                    <Link to={`${classAddress(c.id)}/gradebook`}>
                      <Button size="small">
                        <FormattedMessage id="classes.gradebook" defaultMessage="Gradebook" />
                      </Button>
                    </Link>
                  </Space>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

function NotYours({ what }: { what: 'class' | 'assignment' }) {
  return (
    <Result
      status="404"
      title={
        what === 'class' ? (
          <FormattedMessage id="classes.classNotFound" defaultMessage="Class not found" />
        ) : (
          <FormattedMessage id="classes.assignmentNotFound" defaultMessage="Assignment not found" />
        )
      }
      subTitle={<FormattedMessage id="classes.itDoesNotExistOr" defaultMessage="It does not exist, or it is not yours to see." />}
      extra={
        <Link to="/admin/classes">
          <Button type="primary">
            <FormattedMessage id="classes.myClasses" defaultMessage="My classes" />
          </Button>
        </Link>
      }
    />
  );
}

function ClassArea({ client, timeZone }: RemoteAppProps & { timeZone: string }) {
  const { classId = '' } = useParams();
  const { message } = App.useApp();
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { gradebook, missing } = useClassWork(client, classId);
  const [creating, setCreating] = useState(false);
  const tab = location.pathname.endsWith('/gradebook') ? 'gradebook' : 'assignments';
  // Issue 32: an LTI deep-linking launch lands here to pick the assignment to add to the LMS course.
  const deepLinkLaunch = new URLSearchParams(location.search).get('lti_deep_linking');

  if (missing && !gradebook.data) return <NotYours what="class" />;
  if (gradebook.error && !gradebook.data) return <LoadError message={gradebook.error} onRetry={gradebook.reload} />;
  if (!gradebook.data) return <Loading />;
  const gb = gradebook.data;
  return (
    <div data-testid="class-area">
      <Link to="/admin/classes" style={{ display: 'inline-block', marginBottom: 8 }}>
        <ArrowLeftOutlined /> <FormattedMessage id="classes.myClasses" defaultMessage="My classes" />
      </Link>
      <PageHeader
        title={gb.class_name}
        subtitle={
          <FormattedMessage
            id="classes.areaSubtitle"
            defaultMessage="{count, plural, one {# student} other {# students}} · times in {timeZone}"
            values={{ count: gb.students.length, timeZone }}
          />
        }
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            <FormattedMessage id="classes.newAssignment" defaultMessage="New assignment" />
          </Button>
        }
      />
      {deepLinkLaunch && <DeepLinkPicker client={client} launchId={deepLinkLaunch} assignments={gb.assignments} />}
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(k === 'gradebook' ? `${classAddress(classId)}/gradebook` : classAddress(classId))}
        items={[
          { key: 'assignments', label: <FormattedMessage id="classes.assignments" defaultMessage="Assignments" /> },
          { key: 'gradebook', label: <FormattedMessage id="classes.gradebook" defaultMessage="Gradebook" /> },
        ]}
      />
      {tab === 'gradebook' ? (
        <Card variant="borderless" styles={{ body: { padding: 12 } }}>
          <GradebookTable gradebook={gb} client={client} />
        </Card>
      ) : gb.assignments.length === 0 ? (
        <Empty
          description={<FormattedMessage id="classes.noAssignmentsYet" defaultMessage="No assignments yet." />}
          data-testid="assignments-empty"
        />
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label={intl.formatMessage({ id: 'classes.assignments', defaultMessage: 'Assignments' })}>
          {gb.assignments.map((a) => (
            <Col xs={24} md={12} key={a.id} role="listitem">
              <AssignmentCard a={a} timeZone={timeZone} counts={stateCounts(gb.cells, a.id)} />
            </Col>
          ))}
        </Row>
      )}
      {creating && (
        <AssignmentModal
          client={client}
          classId={classId}
          timeZone={timeZone}
          onClose={() => setCreating(false)}
          onCreated={(a) => {
            setCreating(false);
            message.success(
              intl.formatMessage({ id: 'classes.assignmentCreated', defaultMessage: 'Assignment {title} created' }, { title: a.title }),
            );
            gradebook.reload();
          }}
        />
      )}
    </div>
  );
}

function AssignmentCard({ a, timeZone, counts }: { a: Assignment; timeZone: string; counts: ReturnType<typeof stateCounts> }) {
  const intl = useIntl();
  return (
    <Card
      size="small"
      data-testid="assignment-card"
      title={a.title}
      extra={
        <Link to={assignmentAddress(a.class_id, a.id)}>
          <FormattedMessage id="classes.submissions" defaultMessage="Submissions" />
        </Link>
      }
      style={{ height: '100%' }}
    >
      <Space orientation="vertical" size={6} style={{ width: '100%' }}>
        <Space wrap size={4}>
          <Tag>{a.essay_type.toUpperCase()}</Tag>
          <Tag>{intl.formatMessage(KIND_LABELS[a.kind])}</Tag>
          <Tag color={a.release_mode === 'after_review' ? 'purple' : 'green'}>
            {intl.formatMessage(RELEASE_MODE_LABELS[a.release_mode])}
          </Tag>
          {!a.allow_late && (
            <Tag color="red">
              <FormattedMessage id="classes.noLateWork" defaultMessage="No late work" />
            </Tag>
          )}
        </Space>
        <Typography.Text>{assignmentWindow(a, (iso) => formatZoned(iso, timeZone, false, intl.locale), intl)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {Object.entries(counts)
            .map(([s, n]) =>
              intl.formatMessage(
                { id: 'classes.stateCount', defaultMessage: '{state}: {count}' },
                { state: intl.formatMessage(STATE_LABELS[s as keyof typeof STATE_LABELS]), count: n },
              ),
            )
            .join(' · ') || intl.formatMessage({ id: 'classes.noStudentsYet', defaultMessage: 'No students yet' })}
        </Typography.Text>
      </Space>
    </Card>
  );
}

function AssignmentSubmissions({ client, timeZone }: RemoteAppProps & { timeZone: string }) {
  const { classId = '', assignmentId = '' } = useParams();
  const { message } = App.useApp();
  const intl = useIntl();
  const list = useAssignmentSubmissions(client, assignmentId);
  const { busy, run } = useBusy();
  if (list.missing && !list.data) return <NotYours what="assignment" />;
  if (list.error && !list.data) return <LoadError message={list.error} onRetry={list.reload} />;
  if (!list.data) return <Loading />;
  const { assignment: a, submissions } = list.data;
  const reviewed = submissions.filter((s) => s.state === 'reviewed').length;
  return (
    <div data-testid="assignment-submissions">
      <Link to={classAddress(classId)} style={{ display: 'inline-block', marginBottom: 8 }}>
        <ArrowLeftOutlined /> {a.class_name}
      </Link>
      <PageHeader
        title={a.title}
        subtitle={assignmentWindow(a, (iso) => formatZoned(iso, timeZone, true, intl.locale), intl)}
        extra={
          <>
            <CsvButton load={() => client.assignments.submissionsCsv(a.id)} fallbackName="marks.csv" />
            {a.release_mode === 'after_review' && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={!reviewed}
                loading={busy === 'release'}
                onClick={() =>
                  void run(
                    'release',
                    async () => {
                      const r = await client.assignments.releaseReviewed(a.id);
                      message.success(
                        intl.formatMessage(
                          { id: 'classes.resultsReleased', defaultMessage: '{count, plural, one {# result} other {# results}} released' },
                          { count: r.released },
                        ),
                      );
                      list.reload();
                    },
                    intl.formatMessage({ id: 'classes.releaseFailed', defaultMessage: 'The results could not be released' }),
                  )
                }
              >
                <FormattedMessage
                  id="classes.releaseAllReviewed"
                  defaultMessage="Release all reviewed ({count})"
                  values={{ count: reviewed }}
                />
              </Button>
            )}
          </>
        }
      />
      {a.instructions && <Alert type="info" title={a.instructions} style={{ marginBottom: 12 }} />}
      <Card variant="borderless" styles={{ body: { padding: 12 } }}>
        <Table<AssignmentSubmission>
          size="small"
          rowKey={(s) => s.student.user_id}
          dataSource={submissions}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              title: <FormattedMessage id="classes.student" defaultMessage="Student" />,
              key: 'name',
              render: (_, s) => s.student.name,
              sorter: (x, y) => x.student.name.localeCompare(y.student.name),
            },
            {
              title: <FormattedMessage id="classes.state" defaultMessage="State" />,
              key: 'state',
              render: (_, s) => <SubmissionCell cell={s} />,
            },
            {
              title: <FormattedMessage id="classes.aiTotal" defaultMessage="AI total" />,
              key: 'ai',
              render: (_, s) => scoreText(s.ai_total, s.max_total, intl),
            },
            {
              title: <FormattedMessage id="classes.submitted" defaultMessage="Submitted" />,
              key: 'at',
              render: (_, s) => formatZoned(s.submitted_at, timeZone, false, intl.locale),
            },
            {
              title: <FormattedMessage id="classes.needsReviewBecause" defaultMessage="Needs review because" />,
              key: 'why',
              render: (_, s) => (s.needs_review.length ? s.needs_review.map((r) => <div key={r.code}>{r.detail}</div>) : '—'),
            },
            {
              title: '',
              key: 'open',
              render: (_, s) =>
                s.evaluation_id && (
                  <Link to={`/admin/review/${encodeURIComponent(s.evaluation_id)}`}>
                    <Button size="small" type={s.state === 'needs_review' || s.state === 'graded' ? 'primary' : 'default'}>
                      {s.state === 'released' ? (
                        <FormattedMessage id="classes.open" defaultMessage="Open" />
                      ) : (
                        <FormattedMessage id="classes.review" defaultMessage="Review" />
                      )}
                    </Button>
                  </Link>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
