import { Button, Card, Col, Row, Typography } from 'antd';
import type { CorestoneClient, School, SchoolActivity, SchoolCredits } from '@corestone/sdk';
import { Counter } from '../common';
import { POOL_LINES_READ } from '../../hooks/useSchool';
import { poolFigures } from '../../lib/schools';
import { SchoolPoolUse } from './SchoolPoolUse';

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
          { title: 'Students', value: c.students, testId: 'school-count-students' },
          { title: 'Teachers', value: c.teachers, testId: 'school-count-teachers' },
          { title: 'School admins', value: c.school_admins, testId: 'school-count-admins' },
          { title: 'Pending', value: c.pending, testId: 'school-count-pending', note: `${c.deactivated} deactivated` },
          { title: 'Classes', value: c.classes, testId: 'school-count-classes', note: `${c.archived_classes} archived` },
        ].map(({ note, ...counter }) => (
          <Col xs={12} md={6} key={counter.testId}>
            <Counter {...counter} footer={note && <Typography.Text type="secondary">{note}</Typography.Text>} />
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Counter
            title="Submissions this week"
            value={activity.data ? String(activity.data.submissions) : activity.loading ? '…' : '—'}
            testId="school-essays-week"
            footer={
              <Typography.Text type="secondary">
                by the school's members, last 7 days
                {figures ? ` · ${figures.gradedThisWeek}${figures.more ? '+' : ''} from the pool` : ''}
              </Typography.Text>
            }
          />
        </Col>
        <Col xs={24} md={12}>
          <Counter
            title="Credits left"
            value={poolText((f) => String(f.balance))}
            testId="school-credits-left"
            color={figures && figures.balance === 0 ? '#cf1322' : undefined}
            footer={
              pool.data?.error ? (
                <Typography.Text type="danger">{pool.data.error}</Typography.Text>
              ) : credits ? (
                <Typography.Text type="secondary">
                  {credits.granted_total} granted, {credits.used_total} used
                  {school.settings.pool_enabled ? '' : ' · the pool is switched off: members use their own credits'}
                </Typography.Text>
              ) : null
            }
          />
        </Col>
      </Row>
      {credits && <SchoolPoolUse client={client} schoolId={school.id} credits={credits} />}
      <Card variant="borderless" style={{ marginTop: 16 }} title="Next steps">
        <Row gutter={[8, 8]}>
          <Col>
            <Button onClick={() => onOpen('members')}>Invite members</Button>
          </Col>
          <Col>
            <Button onClick={() => onOpen('classes')}>Manage classes</Button>
          </Col>
          <Col>
            <Button onClick={() => onOpen('roster')}>Import a roster</Button>
          </Col>
        </Row>
      </Card>
    </div>
  );
}
