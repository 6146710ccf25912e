import { Button, Card, Col, Row, Typography } from 'antd';
import type { CorestoneClient, School, SchoolActivity, SchoolCredits } from '@corestone/sdk';
import { Counter } from '../common';
import { POOL_LINES_READ } from '../../hooks/useSchool';
import { poolFigures } from '../../lib/schools';
import { SchoolPoolUse } from './SchoolPoolUse';
import { FormattedMessage } from 'react-intl';

interface PoolState {
  data?: { credits: SchoolCredits | null; error: string | null };
  loading: boolean;
}

/**
 * The school at a glance: its members per role, classes, the essays its members submitted in the
 * last 7 days (evaluation's count, whichever credits paid; how many of them the pool paid below),
 * the credits left, and the pool's use per class and per student.
 */
export function SchoolOverview({
  client,
  school,
  pool,
  activity,
  onOpen,
}: {
  client: CorestoneClient;
  school: School;
  pool: PoolState;
  activity: { data?: SchoolActivity | null; loading: boolean };
  onOpen: (tab: string) => void;
}) {
  const c = school.counts;
  const credits = pool.data?.credits ?? null;
  const figures = credits ? poolFigures(credits, Date.now(), POOL_LINES_READ) : null;
  const poolText = (v: (f: NonNullable<typeof figures>) => string) => (figures ? v(figures) : pool.loading ? '…' : '—');
  return (
    <div data-testid="school-overview">
      <Row gutter={[16, 16]}>
        {[
          {
            title: <FormattedMessage id="school.students" defaultMessage="Students" />,
            value: c.students,
            testId: 'school-count-students',
          },
          {
            title: <FormattedMessage id="school.teachers" defaultMessage="Teachers" />,
            value: c.teachers,
            testId: 'school-count-teachers',
          },
          {
            title: <FormattedMessage id="school.schoolAdmins" defaultMessage="School admins" />,
            value: c.school_admins,
            testId: 'school-count-admins',
          },
          {
            title: <FormattedMessage id="school.pending" defaultMessage="Pending" />,
            value: c.pending,
            testId: 'school-count-pending',
            note: <FormattedMessage id="school.deactivatedCount" defaultMessage="{count} deactivated" values={{ count: c.deactivated }} />,
          },
          {
            title: <FormattedMessage id="school.classes" defaultMessage="Classes" />,
            value: c.classes,
            testId: 'school-count-classes',
            note: <FormattedMessage id="school.archivedCount" defaultMessage="{count} archived" values={{ count: c.archived_classes }} />,
          },
        ].map(({ note, ...counter }) => (
          <Col xs={12} md={6} key={counter.testId}>
            <Counter {...counter} footer={note && <Typography.Text type="secondary">{note}</Typography.Text>} />
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Counter
            title={<FormattedMessage id="school.submissionsThisWeek" defaultMessage="Submissions this week" />}
            value={activity.data ? String(activity.data.submissions) : activity.loading ? '…' : '—'}
            testId="school-essays-week"
            footer={
              <Typography.Text type="secondary">
                <FormattedMessage id="school.byMembersLastWeek" defaultMessage="by the school's members, last 7 days" />
                {figures ? (
                  <>
                    {' · '}
                    <FormattedMessage
                      id="school.fromThePool"
                      defaultMessage="{count} from the pool"
                      values={{ count: `${figures.gradedThisWeek}${figures.more ? '+' : ''}` }}
                    />
                  </>
                ) : (
                  ''
                )}
              </Typography.Text>
            }
          />
        </Col>
        <Col xs={24} md={12}>
          <Counter
            title={<FormattedMessage id="school.creditsLeft" defaultMessage="Credits left" />}
            value={poolText((f) => String(f.balance))}
            testId="school-credits-left"
            color={figures && figures.balance === 0 ? '#cf1322' : undefined}
            footer={
              pool.data?.error ? (
                <Typography.Text type="danger">{pool.data.error}</Typography.Text>
              ) : credits ? (
                <Typography.Text type="secondary">
                  <FormattedMessage
                    id="school.grantedUsed"
                    defaultMessage="{granted} granted, {used} used"
                    values={{ granted: credits.granted_total, used: credits.used_total }}
                  />
                  {school.settings.pool_enabled ? (
                    ''
                  ) : (
                    <>
                      {' · '}
                      <FormattedMessage id="school.poolOff" defaultMessage="the pool is switched off: members use their own credits" />
                    </>
                  )}
                </Typography.Text>
              ) : null
            }
          />
        </Col>
      </Row>
      {credits && <SchoolPoolUse client={client} schoolId={school.id} credits={credits} />}
      <Card variant="borderless" style={{ marginTop: 16 }} title={<FormattedMessage id="school.nextSteps" defaultMessage="Next steps" />}>
        <Row gutter={[8, 8]}>
          <Col>
            <Button onClick={() => onOpen('members')}>
              <FormattedMessage id="school.inviteMembers" defaultMessage="Invite members" />
            </Button>
          </Col>
          <Col>
            <Button onClick={() => onOpen('classes')}>
              <FormattedMessage id="school.manageClasses" defaultMessage="Manage classes" />
            </Button>
          </Col>
          <Col>
            <Button onClick={() => onOpen('roster')}>
              <FormattedMessage id="school.importARoster" defaultMessage="Import a roster" />
            </Button>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
