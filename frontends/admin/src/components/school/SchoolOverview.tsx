import { Button, Card, Col, Row, Typography } from 'antd';
import type { School, SchoolCredits } from '@corestone/sdk';
import { Counter } from '../common';
import { POOL_LINES_READ } from '../../hooks/useSchool';
import { poolFigures } from '../../lib/schools';

interface PoolState {
  data?: { credits: SchoolCredits | null; error: string | null };
  loading: boolean;
}

/**
 * The school at a glance: its members per role, classes, the essays charged to its pool in the
 * last 7 days (what the platform counts per school: the pool's ledger) and the credits left.
 */
export function SchoolOverview({ school, pool, onOpen }: { school: School; pool: PoolState; onOpen: (tab: string) => void }) {
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
            title="Essays this week"
            value={poolText((f) => `${f.gradedThisWeek}${f.more ? '+' : ''}`)}
            testId="school-essays-week"
            footer={<Typography.Text type="secondary">graded from the pool, last 7 days</Typography.Text>}
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
