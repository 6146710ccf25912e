import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Col, Empty, Flex, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { CheckCircleOutlined, FileTextOutlined, LoadingOutlined, TrophyOutlined, UploadOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { canGrade, isGradingRole, planLabel, type MySchool, type RemoteAppProps } from '@corestone/sdk';
import { Heading } from '@corestone/ui/app-frame';
import { StatusDot } from '../components/common';
import { SchoolCard } from '../components/SchoolCard';
import { AssignmentsCard } from '../components/AssignmentsCard';
import { averageGradeOf, formatDate, gradeOf, isInProgress, typeColor, typeLabel } from '../lib/evaluation';
import { useMyEvaluations } from '../lib/useEvaluations';
import { refreshUntilAccountChanges } from '../lib/account';
import { SCHOOL_MESSAGES, schoolFunding } from '../lib/school';
import { creditText } from '../lib/credits';

export function Overview({ user, client, refreshUser }: RemoteAppProps) {
  const navigate = useNavigate();
  const intl = useIntl();
  const { notification } = AntApp.useApp();
  const [params, setParams] = useSearchParams();
  const evs = useMyEvaluations(client);
  const grading = isGradingRole(user);
  // the school card's answer: whether the school pays for this student's essays (README: Overview credits)
  const [mine, setMine] = useState<MySchool | null>(null);
  const funding = user.school?.status === 'active' ? schoolFunding(mine) : null;
  const personal = !funding || funding.source === 'personal';
  const mayBuy = funding?.mayBuyCredits ?? true;

  const userRef = useRef(user);
  userRef.current = user;
  // Returning from checkout: ?plan=success refreshes the user and removes the parameter.
  useEffect(() => {
    if (params.get('plan') === 'success') {
      refreshUntilAccountChanges(refreshUser, userRef.current).then(() =>
        notification.success({
          title: intl.formatMessage({ id: 'overview.planActivated', defaultMessage: 'Plan Activated!' }),
          description: intl.formatMessage({
            id: 'overview.planActivatedText',
            defaultMessage: 'Your new plan has been activated successfully.',
          }),
          duration: 5,
        }),
      );
      params.delete('plan');
      setParams(params, { replace: true });
    } else if (params.get('plan') === 'cancelled') {
      params.delete('plan');
      setParams(params, { replace: true });
    }
  }, [params, setParams, refreshUser, notification, intl]);

  const items = evs.items;
  const completed = items.filter((e) => e.status === 'completed');
  const processing = items.filter((e) => isInProgress(e.status));
  // Average Grade: the real average of the completed results (the spec's first-item grade is a defect, issue 9).
  const averageGrade = averageGradeOf(completed, intl);
  // while the list failed to load the counts are unknown: '—', never a misleading 0
  const failed = Boolean(evs.error);
  const known = (n: number | string) => (failed ? '—' : n);
  // 'Welcome back' only for someone with submissions. Until the list first answers, the line keeps
  // its place unseen, so that one greeting is never replaced by the other.
  const listAnswered = useRef(false);
  if (!evs.loading) listAnswered.current = true;
  const name = user.first_name || user.name;

  return (
    <div>
      <Card
        variant="borderless"
        style={{ background: 'linear-gradient(120deg, #1e3a8a 0%, #2563eb 100%)', marginBottom: 24 }}
        styles={{ body: { padding: 28 } }}
      >
        <Row gutter={[24, 24]} align="middle">
          <Col xs={24} md={grading ? 15 : 24}>
            <Heading
              level={1}
              size={2}
              style={{ color: '#fff', margin: 0, visibility: listAnswered.current ? undefined : 'hidden' }}
              data-testid="welcome"
            >
              {items.length > 0 ? (
                <FormattedMessage id="overview.welcomeBack" defaultMessage="Welcome back, {name}!" values={{ name }} />
              ) : (
                <FormattedMessage id="overview.welcome" defaultMessage="Welcome, {name}!" values={{ name }} />
              )}
            </Heading>
            <Typography.Paragraph style={{ color: '#dbeafe', fontSize: 15, margin: '8px 0 20px' }}>
              <FormattedMessage
                id="overview.intro"
                defaultMessage="Upload an Extended Essay or TOK essay and get rubric-based feedback on every criterion."
              />
            </Typography.Paragraph>
            <Space wrap>
              <Button size="large" icon={<UploadOutlined />} onClick={() => navigate('/dashboard/upload/ee')}>
                <FormattedMessage id="overview.uploadEe" defaultMessage="Upload EE" />
              </Button>
              <Button size="large" ghost icon={<FileTextOutlined />} onClick={() => navigate('/dashboard/upload/tok')}>
                <FormattedMessage id="overview.uploadTok" defaultMessage="Upload TOK" />
              </Button>
            </Space>
          </Col>
          {grading && (
            <Col xs={24} md={9}>
              <div
                data-testid="credits-panel"
                style={{ background: 'rgba(255,255,255,0.12)', borderRadius: 12, padding: 20, color: '#fff' }}
              >
                <div style={{ fontSize: 13, color: '#bfdbfe' }} data-testid="credits-title">
                  {personal ? (
                    <FormattedMessage id="overview.essayCredits" defaultMessage="Essay Credits" />
                  ) : (
                    <FormattedMessage id="overview.personalEssayCredits" defaultMessage="Personal Essay Credits" />
                  )}
                </div>
                <div data-testid="credits-value" style={{ fontSize: 32, fontWeight: 700, lineHeight: 1.2 }}>
                  {creditText(user, intl)}
                </div>
                {funding && !personal && (
                  <div data-testid="credits-school-note" style={{ fontSize: 13, color: '#fff', fontWeight: 500, margin: '4px 0' }}>
                    {intl.formatMessage(SCHOOL_MESSAGES.pays)}
                  </div>
                )}
                {funding?.builtinOnly && (
                  <div data-testid="credits-builtin-note" style={{ fontSize: 13, color: '#fff', fontWeight: 500, margin: '4px 0' }}>
                    {intl.formatMessage(SCHOOL_MESSAGES.builtinNote)}
                  </div>
                )}
                <div style={{ fontSize: 13, color: '#bfdbfe', marginBottom: 12 }}>
                  <FormattedMessage id="overview.plan" defaultMessage="Plan: {plan}" values={{ plan: planLabel(user.subscription_plan) }} />
                </div>
                {mayBuy && (
                  <Link to="/dashboard/plans">
                    <Button size="small">
                      <FormattedMessage id="overview.managePlans" defaultMessage="Manage Plans" />
                    </Button>
                  </Link>
                )}
              </div>
            </Col>
          )}
        </Row>
      </Card>

      {grading && personal && !canGrade(user) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 24 }}
          title={
            mayBuy
              ? intl.formatMessage({
                  id: 'overview.noCredits',
                  defaultMessage: 'No credits remaining. Purchase a plan to continue submitting essays.',
                })
              : intl.formatMessage(
                  { id: 'overview.noCreditsSchool', defaultMessage: 'No credits remaining. {schoolText}' },
                  { schoolText: intl.formatMessage(SCHOOL_MESSAGES.noPurchase) },
                )
          }
          action={
            mayBuy && (
              <Button size="small" type="primary" onClick={() => navigate('/dashboard/plans')}>
                <FormattedMessage id="overview.viewPlans" defaultMessage="View Plans" />
              </Button>
            )
          }
        />
      )}

      {evs.error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 24 }}
          title={intl.formatMessage(
            { id: 'overview.loadError', defaultMessage: 'Error loading submissions: {error}' },
            { error: evs.error },
          )}
          action={
            <Button size="small" onClick={() => evs.reload()}>
              <FormattedMessage id="common.tryAgain" defaultMessage="Try Again" />
            </Button>
          }
        />
      )}

      {/* issue 31: a school member's assignments (due soon, overdue, submitted, released) */}
      {grading && user.school?.status === 'active' && <AssignmentsCard client={client} />}

      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {[
          {
            key: 'total-submissions',
            title: intl.formatMessage({ id: 'overview.stat.total', defaultMessage: 'Total Submissions' }),
            value: known(evs.total || items.length),
            icon: <FileTextOutlined />,
            color: '#1d4ed8',
          },
          {
            key: 'completed',
            title: intl.formatMessage({ id: 'overview.stat.completed', defaultMessage: 'Completed' }),
            value: known(completed.length),
            icon: <CheckCircleOutlined />,
            color: '#16a34a',
          },
          {
            key: 'processing',
            title: intl.formatMessage({ id: 'overview.stat.processing', defaultMessage: 'Processing' }),
            value: known(processing.length),
            icon: <LoadingOutlined />,
            color: '#ca8a04',
          },
          {
            key: 'average-grade',
            title: intl.formatMessage({ id: 'overview.stat.average', defaultMessage: 'Average Grade' }),
            value: known(averageGrade),
            icon: <TrophyOutlined />,
            color: '#7c3aed',
          },
        ].map((s) => (
          <Col xs={12} lg={6} key={s.key}>
            <Card variant="borderless" data-testid={`stat-${s.key}`}>
              <Skeleton loading={evs.loading} active paragraph={false}>
                <Statistic title={s.title} value={s.value} prefix={<span style={{ color: s.color, marginRight: 4 }}>{s.icon}</span>} />
              </Skeleton>
            </Card>
          </Col>
        ))}
      </Row>

      {grading && <SchoolCard user={user} client={client} refreshUser={refreshUser} onSchool={setMine} />}

      <Card
        variant="borderless"
        title={intl.formatMessage({ id: 'overview.recent', defaultMessage: 'Recent Submissions' })}
        extra={
          <Link to="/dashboard/submissions">
            <FormattedMessage id="overview.viewAll" defaultMessage="View All" />
          </Link>
        }
      >
        {evs.loading ? (
          <Skeleton active />
        ) : failed ? (
          <Typography.Text type="secondary" data-testid="recent-unavailable">
            <FormattedMessage id="overview.recentUnavailable" defaultMessage="Your submissions could not be loaded." />
          </Typography.Text>
        ) : items.length === 0 ? (
          <Empty
            description={intl.formatMessage({
              id: 'overview.empty',
              defaultMessage: 'No submissions yet. Upload your first essay to get feedback.',
            })}
          >
            <Button type="primary" onClick={() => navigate('/dashboard/upload/ee')}>
              <FormattedMessage id="overview.uploadAnEssay" defaultMessage="Upload an essay" />
            </Button>
          </Empty>
        ) : (
          // plain rows: antd's List is deprecated in v6 (its successor, Listy, is a virtual list for long ones)
          <div role="list">
            {items.slice(0, 3).map((ev, i, shown) => (
              <Flex
                key={ev.id}
                role="listitem"
                justify="space-between"
                align="center"
                gap={16}
                style={{ padding: '12px 0', borderBlockEnd: i === shown.length - 1 ? 'none' : '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <div style={{ minWidth: 0 }}>
                  <Space style={{ fontWeight: 500, marginBottom: 4 }}>
                    <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
                    <span>{ev.title}</span>
                  </Space>
                  <Space size={16} wrap style={{ display: 'flex', color: '#5b6472' /* the theme's secondary grey: 5.98:1 */ }}>
                    <span>{formatDate(ev.created_at || ev.submittedAt, intl)}</span>
                    <StatusDot status={ev.status} />
                    <span>
                      <FormattedMessage id="common.gradeValue" defaultMessage="Grade: {grade}" values={{ grade: gradeOf(ev) }} />
                    </span>
                  </Space>
                </div>
                <Link to={`/dashboard/results/${ev.id}`}>
                  {ev.status === 'completed' ? (
                    <FormattedMessage id="common.viewResults" defaultMessage="View Results" />
                  ) : (
                    <FormattedMessage id="common.viewStatus" defaultMessage="View Status" />
                  )}
                </Link>
              </Flex>
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
