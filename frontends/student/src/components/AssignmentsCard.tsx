import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { errorMessage, isApiError, type CorestoneClient, type MyAssignment } from '@corestone/sdk';
import { formatZoned } from '@corestone/ui/zoned-time';
import { ASSIGNMENT_MESSAGES, groupAssignments, maySubmit, MY_STATE_COLORS, MY_STATE_LABELS, uploadAddress } from '../lib/assignments';

/** 'in 3 days', '5 hours ago': the time from now to `iso`, rounded down to the largest unit. */
function relative(iso: string, intl: IntlShape): string {
  const ms = Date.parse(iso) - Date.now();
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const [n, unit] =
    minutes >= 2880
      ? [Math.floor(minutes / 1440), 'day' as const]
      : minutes >= 120
        ? [Math.floor(minutes / 60), 'hour' as const]
        : [minutes, 'minute' as const];
  return intl.formatRelativeTime(ms < 0 ? -n : n, unit, { numeric: 'always' });
}

function AssignmentRow({ a, last }: { a: MyAssignment; last: boolean }) {
  const intl = useIntl();
  const zoned = (iso: string) => formatZoned(iso, a.time_zone, false, intl.locale);
  const when =
    a.state === 'upcoming' && a.opens_at
      ? intl.formatMessage({ id: 'assignments.opens', defaultMessage: 'Opens {date}' }, { date: zoned(a.opens_at) })
      : `${intl.formatMessage({ id: 'assignments.due', defaultMessage: 'Due {date}' }, { date: zoned(a.due_at) })}${
          a.state === 'due_soon' || a.state === 'overdue' ? ` · ${relative(a.due_at, intl)}` : ''
        }`;
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
            {intl.formatMessage(MY_STATE_LABELS[a.state])}
          </Tag>
          <Typography.Text strong>{a.title}</Typography.Text>
        </Space>
        <div style={{ color: 'rgba(0, 0, 0, 0.55)', fontSize: 13 }}>
          {a.class_name} · {a.essay_type.toUpperCase()}{' '}
          {a.kind === 'draft' ? (
            <FormattedMessage id="assignments.draft" defaultMessage="draft" />
          ) : (
            <FormattedMessage id="assignments.final" defaultMessage="final" />
          )}{' '}
          · {when}
          {a.late && intl.formatMessage({ id: 'assignments.late', defaultMessage: ' · submitted late' })}
        </div>
        {a.state === 'submitted' && a.release_mode === 'after_review' && (
          <div style={{ fontSize: 13, color: '#6d28d9' }}>{intl.formatMessage(ASSIGNMENT_MESSAGES.awaitingReview)}</div>
        )}
        {a.state === 'released' && a.total !== null && (
          <div style={{ fontSize: 13 }}>
            <FormattedMessage
              id="assignments.result"
              defaultMessage="Result: {total} / {max}"
              // numbers in the page's language: French and Spanish '27,5 / 34'
              values={{ total: intl.formatNumber(a.total), max: a.max_total === null ? '—' : intl.formatNumber(a.max_total) }}
            />
          </div>
        )}
        {a.state === 'closed' && (
          <div style={{ fontSize: 13 }}>
            <FormattedMessage id="assignments.closedNote" defaultMessage="Closed: late work is not taken." />
          </div>
        )}
      </div>
      <Space wrap>
        {a.evaluation_id && (
          <Link to={`/dashboard/results/${encodeURIComponent(a.evaluation_id)}`}>
            <Button size="small">
              {a.state === 'released' ? (
                <FormattedMessage id="assignments.viewResult" defaultMessage="View result" />
              ) : (
                <FormattedMessage id="assignments.viewStatus" defaultMessage="View status" />
              )}
            </Button>
          </Link>
        )}
        {maySubmit(a) && (
          <Link to={uploadAddress(a)}>
            <Button size="small" type={a.state === 'submitted' ? 'default' : 'primary'}>
              {a.state === 'submitted' ? (
                <FormattedMessage id="assignments.submitAgain" defaultMessage="Submit again" />
              ) : (
                <FormattedMessage id="assignments.submit" defaultMessage="Submit" />
              )}
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
  const intl = useIntl();
  useEffect(() => {
    let alive = true;
    client.assignments.mine().then(
      (r) => alive && setList(r.assignments),
      // a platform without assignments (404) or an account outside a school: no card
      (e: unknown) =>
        alive &&
        (isApiError(e) && (e.status === 404 || e.status === 403)
          ? setList([])
          : setError(
              errorMessage(
                e,
                intl.formatMessage({ id: 'assignments.loadFailed', defaultMessage: 'Your assignments could not be loaded.' }),
              ),
            )),
    );
    return () => {
      alive = false;
    };
  }, [client, intl]);
  if (list && list.length === 0) return null;
  const groups = list ? groupAssignments(list) : [];
  return (
    <Card
      variant="borderless"
      title={intl.formatMessage({ id: 'assignments.title', defaultMessage: 'My assignments' })}
      style={{ marginBottom: 24 }}
      data-testid="my-assignments"
    >
      {error ? (
        <Typography.Text type="secondary">{error}</Typography.Text>
      ) : !list ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        groups.map((g) => (
          <section key={g.key} aria-label={intl.formatMessage(g.title)} style={{ marginBottom: 8 }}>
            <Typography.Title level={3} style={{ fontSize: 14, margin: '8px 0 0', color: '#475569' }}>
              {intl.formatMessage(g.title)} ({g.items.length})
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
