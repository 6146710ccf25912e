import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Empty, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import type { AssignmentSubmission, CorestoneClient, Gradebook, SubmissionState } from '@corestone/sdk';
import { CsvButton } from './CsvButton';
import {
  DEFAULT_GRADEBOOK_VIEW,
  gradebookRows,
  scoreText,
  STATE_COLORS,
  STATE_LABELS,
  type GradebookRow,
  type GradebookView,
  type StateFilter,
} from '../../lib/teaching';
import { FormattedMessage, useIntl } from 'react-intl';

export const assignmentAddress = (classId: string, assignmentId: string) =>
  `/admin/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}`;

/** One cell: state, score, lateness and attempts; a submission opens its review. */
export function SubmissionCell({ cell }: { cell: AssignmentSubmission | undefined }) {
  const intl = useIntl();
  const state = cell?.state ?? 'not_submitted';
  const body = (
    <Space orientation="vertical" size={2}>
      <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
        {intl.formatMessage(STATE_LABELS[state])}
      </Tag>
      {cell && cell.state !== 'not_submitted' && (
        <Typography.Text style={{ fontSize: 13 }}>
          {scoreText(cell.total, cell.max_total, intl)}
          {cell.grade ? ` · ${cell.grade}` : ''}
        </Typography.Text>
      )}
      <Space size={4}>
        {cell?.late && (
          <Tag color="red">
            <FormattedMessage id="gradebook.late" defaultMessage="Late" />
          </Tag>
        )}
        {cell && cell.attempts > 1 && (
          <Tag>
            <FormattedMessage id="gradebook.attempts" defaultMessage="{count} attempts" values={{ count: cell.attempts }} />
          </Tag>
        )}
      </Space>
    </Space>
  );
  const reasons = cell?.needs_review.map((r) => r.detail).join(' · ');
  const linked = cell?.evaluation_id ? (
    // the cell's visible text stays in the link's name (WCAG 2.5.3), after whom it reviews (read only)
    <Link to={`/admin/review/${encodeURIComponent(cell.evaluation_id)}`}>
      <span className="cs-sr-only">
        {intl.formatMessage({ id: 'gradebook.reviewStudent', defaultMessage: 'Review {name}' }, { name: cell.student.name })}:{' '}
      </span>
      {body}
    </Link>
  ) : (
    body
  );
  return reasons ? <Tooltip title={reasons}>{linked}</Tooltip> : linked;
}

/** Students × assignments: filters by name, state (in one assignment or any) and lateness; sorting by name, score, state or time. */
export function GradebookTable({ gradebook, client }: { gradebook: Gradebook; client: CorestoneClient }) {
  const intl = useIntl();
  const [view, setView] = useState<GradebookView>(DEFAULT_GRADEBOOK_VIEW);
  const rows = useMemo(() => gradebookRows(gradebook, view), [gradebook, view]);
  const set = (patch: Partial<GradebookView>) => setView((v) => ({ ...v, ...patch }));
  if (!gradebook.assignments.length)
    return (
      <Empty
        description={<FormattedMessage id="gradebook.noAssignmentsYetCreateOne" defaultMessage="No assignments yet: create one first." />}
      />
    );

  return (
    <div data-testid="gradebook">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={intl.formatMessage({ id: 'gradebook.searchStudents', defaultMessage: 'Search students' })}
          aria-label={intl.formatMessage({ id: 'gradebook.searchStudents', defaultMessage: 'Search students' })}
          onChange={(e) => set({ search: e.target.value })}
          style={{ width: 220 }}
        />
        <Select<StateFilter>
          aria-label={intl.formatMessage({ id: 'gradebook.state', defaultMessage: 'State' })}
          value={view.state}
          style={{ width: 170 }}
          onChange={(state) => set({ state })}
          options={[
            { value: 'all', label: <FormattedMessage id="gradebook.everyState" defaultMessage="Every state" /> },
            ...(Object.keys(STATE_LABELS) as SubmissionState[]).map((s) => ({ value: s, label: intl.formatMessage(STATE_LABELS[s]) })),
            { value: 'late', label: <FormattedMessage id="gradebook.late" defaultMessage="Late" /> },
          ]}
        />
        <Select<string>
          aria-label={intl.formatMessage({ id: 'gradebook.assignment', defaultMessage: 'Assignment' })}
          value={view.assignmentId ?? ''}
          style={{ width: 220 }}
          onChange={(id) => set({ assignmentId: id || null, sort: id ? view.sort : 'name' })}
          options={[
            { value: '', label: <FormattedMessage id="gradebook.everyAssignment" defaultMessage="Every assignment" /> },
            ...gradebook.assignments.map((a) => ({ value: a.id, label: a.title })),
          ]}
        />
        <Select<GradebookView['sort']>
          aria-label={intl.formatMessage({ id: 'gradebook.sortBy', defaultMessage: 'Sort by' })}
          value={view.sort}
          style={{ width: 170 }}
          onChange={(sort) => set({ sort })}
          options={[
            { value: 'name', label: <FormattedMessage id="gradebook.sortByName" defaultMessage="Sort by name" /> },
            {
              value: 'score',
              label: <FormattedMessage id="gradebook.sortByScore" defaultMessage="Sort by score" />,
              disabled: !view.assignmentId,
            },
            {
              value: 'state',
              label: <FormattedMessage id="gradebook.sortByState" defaultMessage="Sort by state" />,
              disabled: !view.assignmentId,
            },
            {
              value: 'submitted',
              label: <FormattedMessage id="gradebook.sortBySubmissionTime" defaultMessage="Sort by submission time" />,
              disabled: !view.assignmentId,
            },
          ]}
        />
        <Button
          aria-label={intl.formatMessage(
            view.descending
              ? { id: 'gradebook.descending', defaultMessage: 'Descending' }
              : { id: 'gradebook.ascending', defaultMessage: 'Ascending' },
          )}
          icon={view.descending ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
          onClick={() => set({ descending: !view.descending })}
        />
      </Space>
      <Table<GradebookRow>
        size="small"
        rowKey={(r) => r.student.user_id}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: intl.formatMessage({ id: 'gradebook.noMatch', defaultMessage: 'No student matches these filters' }) }}
        columns={[
          {
            title: <FormattedMessage id="gradebook.student" defaultMessage="Student" />,
            key: 'student',
            fixed: 'left',
            render: (_, r) => (
              <div style={{ minWidth: 110, maxWidth: 220, overflowWrap: 'anywhere' }}>
                <div style={{ fontWeight: 500 }}>{r.student.name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.student.email}
                </Typography.Text>
              </div>
            ),
          },
          ...gradebook.assignments.map((a) => ({
            title: (
              <Space size={4} wrap>
                <Link to={assignmentAddress(gradebook.class_id, a.id)}>{a.title}</Link>
                <CsvButton
                  small
                  label={intl.formatMessage({ id: 'gradebook.exportCsvOf', defaultMessage: 'Export CSV of {title}' }, { title: a.title })}
                  load={() => client.assignments.submissionsCsv(a.id)}
                  fallbackName="marks.csv"
                />
              </Space>
            ),
            key: a.id,
            render: (_: unknown, r: GradebookRow) => <SubmissionCell cell={r.cells[a.id]} />,
          })),
        ]}
      />
    </div>
  );
}
