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

export const assignmentAddress = (classId: string, assignmentId: string) =>
  `/admin/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}`;

/** One cell: state, score, lateness and attempts; a submission opens its review. */
export function SubmissionCell({ cell }: { cell: AssignmentSubmission | undefined }) {
  const state = cell?.state ?? 'not_submitted';
  const body = (
    <Space orientation="vertical" size={2}>
      <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }}>
        {STATE_LABELS[state]}
      </Tag>
      {cell && cell.state !== 'not_submitted' && (
        <Typography.Text style={{ fontSize: 13 }}>
          {scoreText(cell.total, cell.max_total)}
          {cell.grade ? ` · ${cell.grade}` : ''}
        </Typography.Text>
      )}
      <Space size={4}>
        {cell?.late && <Tag color="red">Late</Tag>}
        {cell && cell.attempts > 1 && <Tag>{cell.attempts} attempts</Tag>}
      </Space>
    </Space>
  );
  const reasons = cell?.needs_review.map((r) => r.detail).join(' · ');
  const linked = cell?.evaluation_id ? (
    <Link to={`/admin/review/${encodeURIComponent(cell.evaluation_id)}`} aria-label={`Review ${cell.student.name}`}>
      {body}
    </Link>
  ) : (
    body
  );
  return reasons ? <Tooltip title={reasons}>{linked}</Tooltip> : linked;
}

/** Students × assignments: filters by name, state (in one assignment or any) and lateness; sorting by name, score, state or time. */
export function GradebookTable({ gradebook, client }: { gradebook: Gradebook; client: CorestoneClient }) {
  const [view, setView] = useState<GradebookView>(DEFAULT_GRADEBOOK_VIEW);
  const rows = useMemo(() => gradebookRows(gradebook, view), [gradebook, view]);
  const set = (patch: Partial<GradebookView>) => setView((v) => ({ ...v, ...patch }));
  if (!gradebook.assignments.length) return <Empty description="No assignments yet: create one first." />;

  return (
    <div data-testid="gradebook">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="Search students"
          aria-label="Search students"
          onChange={(e) => set({ search: e.target.value })}
          style={{ width: 220 }}
        />
        <Select<StateFilter>
          aria-label="State"
          value={view.state}
          style={{ width: 170 }}
          onChange={(state) => set({ state })}
          options={[
            { value: 'all', label: 'Every state' },
            ...(Object.keys(STATE_LABELS) as SubmissionState[]).map((s) => ({ value: s, label: STATE_LABELS[s] })),
            { value: 'late', label: 'Late' },
          ]}
        />
        <Select<string>
          aria-label="Assignment"
          value={view.assignmentId ?? ''}
          style={{ width: 220 }}
          onChange={(id) => set({ assignmentId: id || null, sort: id ? view.sort : 'name' })}
          options={[{ value: '', label: 'Every assignment' }, ...gradebook.assignments.map((a) => ({ value: a.id, label: a.title }))]}
        />
        <Select<GradebookView['sort']>
          aria-label="Sort by"
          value={view.sort}
          style={{ width: 170 }}
          onChange={(sort) => set({ sort })}
          options={[
            { value: 'name', label: 'Sort by name' },
            { value: 'score', label: 'Sort by score', disabled: !view.assignmentId },
            { value: 'state', label: 'Sort by state', disabled: !view.assignmentId },
            { value: 'submitted', label: 'Sort by submission time', disabled: !view.assignmentId },
          ]}
        />
        <Button
          aria-label={view.descending ? 'Descending' : 'Ascending'}
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
        locale={{ emptyText: 'No student matches these filters' }}
        columns={[
          {
            title: 'Student',
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
                  label={`Export CSV of ${a.title}`}
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
