import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { errorMessage, isApiError, type CorestoneClient, type MyAssignment } from '@corestone/sdk';
import { formatZoned, spanText } from '@corestone/ui/zoned-time';
import { AWAITING_REVIEW_TEXT, groupAssignments, maySubmit, MY_STATE_COLORS, MY_STATE_LABELS, uploadAddress } from '../lib/assignments';

function AssignmentRow({ a, last }: { a: MyAssignment; last: boolean }) {
  const when =
    a.state === 'upcoming' && a.opens_at
      ? `Opens ${formatZoned(a.opens_at, a.time_zone)}`
      : `Due ${formatZoned(a.due_at, a.time_zone)}${a.state === 'due_soon' ? ` · in ${spanText(a.due_at)}` : a.state === 'overdue' ? ` · ${spanText(a.due_at)} ago` : ''}`;
  return (
    <Flex
      role="listitem"
      data-testid="my-assignment"
      justify="space-between"
      align="center"
      gap={12}
      wrap
      style={{ padding: '12px 0', borderBlockEnd: last ? 'none' : '1px solid rgba(5, 5, 5, 0.06)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Space size={6} wrap style={{ marginBottom: 4 }}>
          <Tag color={MY_STATE_COLORS[a.state]} data-testid="my-assignment-state">
            {MY_STATE_LABELS[a.state]}
          </Tag>
          <Typography.Text strong>{a.title}</Typography.Text>
        </Space>
        <div style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 }}>
          {a.class_name} · {a.essay_type.toUpperCase()} {a.kind === 'draft' ? 'draft' : 'final'} · {when}
          {a.late && ' · submitted late'}
        </div>
        {a.state === 'submitted' && a.release_mode === 'after_review' && (
          <div style={{ fontSize: 13, color: '#6d28d9' }}>{AWAITING_REVIEW_TEXT}</div>
        )}
        {a.state === 'released' && a.total !== null && (
          <div style={{ fontSize: 13 }}>
            Result: {a.total} / {a.max_total}
          </div>
        )}
        {a.state === 'closed' && <div style={{ fontSize: 13 }}>Closed: late work is not taken.</div>}
      </div>
      <Space wrap>
        {a.evaluation_id && (
          <Link to={`/dashboard/results/${encodeURIComponent(a.evaluation_id)}`}>
            <Button size="small">{a.state === 'released' ? 'View result' : 'View status'}</Button>
          </Link>
        )}
        {maySubmit(a) && (
          <Link to={uploadAddress(a)}>
            <Button size="small" type={a.state === 'submitted' ? 'default' : 'primary'}>
              {a.state === 'submitted' ? 'Submit again' : 'Submit'}
            </Button>
          </Link>
        )}
      </Space>
    </Flex>
  );
}

/**
 * The overview's assignments (GET /assignments/mine): to do (overdue, due soon, open), submitted,
 * released, coming up; dates on the school's clocks. No card for someone with no assignments.
 */
export function AssignmentsCard({ client }: { client: CorestoneClient }) {
  const [list, setList] = useState<MyAssignment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    client.assignments.mine().then(
      (r) => alive && setList(r.assignments),
      // a platform without assignments (404) or an account outside a school: no card
      (e: unknown) =>
        alive &&
        (isApiError(e) && (e.status === 404 || e.status === 403)
          ? setList([])
          : setError(errorMessage(e, 'Your assignments could not be loaded.'))),
    );
    return () => {
      alive = false;
    };
  }, [client]);
  if (list && list.length === 0) return null;
  const groups = list ? groupAssignments(list) : [];
  return (
    <Card variant="borderless" title="My assignments" style={{ marginBottom: 24 }} data-testid="my-assignments">
      {error ? (
        <Typography.Text type="secondary">{error}</Typography.Text>
      ) : !list ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        groups.map((g) => (
          <section key={g.key} aria-label={g.title} style={{ marginBottom: 8 }}>
            <Typography.Title level={3} style={{ fontSize: 14, margin: '8px 0 0', color: '#475569' }}>
              {g.title} ({g.items.length})
            </Typography.Title>
            <div role="list">
              {g.items.map((a, i) => (
                <AssignmentRow key={a.id} a={a} last={i === g.items.length - 1} />
              ))}
            </div>
          </section>
        ))
      )}
    </Card>
  );
}
