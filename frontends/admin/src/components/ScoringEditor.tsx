import { Button, Card, Input, InputNumber, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScoringStructure } from '@corestone/sdk';
import { scoringProblems, totalOf } from '../lib/scoring';

type Criterion = ScoringStructure['criteria'][number];

/** Criteria (code, name, maximum, weight, scoring levels) and grade boundaries of a rubric. */
export function ScoringEditor({ value, onChange }: { value: ScoringStructure; onChange: (next: ScoringStructure) => void }) {
  const set = (patch: Partial<ScoringStructure>) => {
    const next = { ...value, ...patch };
    onChange({ ...next, total_points: totalOf(next) });
  };
  const setCriterion = (i: number, patch: Partial<Criterion>) =>
    set({ criteria: value.criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const problems = scoringProblems(value);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="scoring-editor">
      <Typography.Text strong>
        Criteria · total {value.total_points} points · pass at {value.pass_threshold}%
      </Typography.Text>
      {value.criteria.map((c, i) => (
        <Card key={i} size="small" style={{ background: '#f8fafc' }}>
          <Space wrap>
            <Input
              aria-label={`Code of criterion ${i + 1}`}
              style={{ width: 64 }}
              value={c.code}
              onChange={(e) => setCriterion(i, { code: e.target.value })}
            />
            <Input
              aria-label={`Name of criterion ${i + 1}`}
              style={{ width: 260 }}
              value={c.name}
              onChange={(e) => setCriterion(i, { name: e.target.value })}
            />
            <span>max</span>
            <InputNumber
              aria-label={`Maximum of criterion ${i + 1}`}
              min={0}
              value={c.maxScore}
              onChange={(v) => setCriterion(i, { maxScore: v ?? 0 })}
              style={{ width: 72 }}
            />
            <span>weight</span>
            <InputNumber
              aria-label={`Weight of criterion ${i + 1}`}
              min={0}
              step={0.1}
              value={c.weight}
              onChange={(v) => setCriterion(i, { weight: v ?? 0 })}
              style={{ width: 72 }}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Remove criterion ${c.code}`}
              onClick={() => set({ criteria: value.criteria.filter((_, j) => j !== i) })}
            />
          </Space>
          {(c.scoring_levels ?? []).map((l, k) => (
            <Space key={k} style={{ display: 'flex', marginTop: 6 }}>
              <InputNumber
                aria-label={`Level ${k + 1} from`}
                size="small"
                min={0}
                value={l.min}
                style={{ width: 60 }}
                onChange={(v) =>
                  setCriterion(i, { scoring_levels: c.scoring_levels!.map((x, m) => (m === k ? { ...x, min: v ?? 0 } : x)) })
                }
              />
              <span>–</span>
              <InputNumber
                aria-label={`Level ${k + 1} to`}
                size="small"
                min={0}
                value={l.max}
                style={{ width: 60 }}
                onChange={(v) =>
                  setCriterion(i, { scoring_levels: c.scoring_levels!.map((x, m) => (m === k ? { ...x, max: v ?? 0 } : x)) })
                }
              />
              <Input
                size="small"
                aria-label={`Level ${k + 1} descriptor`}
                style={{ width: 380 }}
                value={l.descriptor}
                onChange={(e) =>
                  setCriterion(i, { scoring_levels: c.scoring_levels!.map((x, m) => (m === k ? { ...x, descriptor: e.target.value } : x)) })
                }
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label="Remove level"
                onClick={() => setCriterion(i, { scoring_levels: c.scoring_levels!.filter((_, m) => m !== k) })}
              />
            </Space>
          ))}
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setCriterion(i, { scoring_levels: [...(c.scoring_levels ?? []), { min: 0, max: c.maxScore, descriptor: '' }] })}
          >
            Add scoring level
          </Button>
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        onClick={() =>
          set({
            criteria: [
              ...value.criteria,
              { code: String.fromCharCode(65 + value.criteria.length), name: '', maxScore: 6, weight: 1, scoring_levels: [] },
            ],
          })
        }
      >
        Add criterion
      </Button>
      <Typography.Text strong style={{ marginTop: 8 }}>
        Grade boundaries
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        rowKey={(_, i) => String(i)}
        dataSource={value.grade_boundaries}
        columns={[
          { title: 'Grade', dataIndex: 'grade', width: 70 },
          {
            title: 'From %',
            key: 'min',
            render: (_: unknown, b, i) => (
              <InputNumber
                aria-label={`Grade ${b.grade} from`}
                size="small"
                min={0}
                max={100}
                value={b.min_percentage}
                onChange={(v) =>
                  set({ grade_boundaries: value.grade_boundaries.map((x, j) => (j === i ? { ...x, min_percentage: v ?? 0 } : x)) })
                }
              />
            ),
          },
          {
            title: 'To %',
            key: 'max',
            render: (_: unknown, b, i) => (
              <InputNumber
                aria-label={`Grade ${b.grade} to`}
                size="small"
                min={0}
                max={100}
                value={b.max_percentage}
                onChange={(v) =>
                  set({ grade_boundaries: value.grade_boundaries.map((x, j) => (j === i ? { ...x, max_percentage: v ?? 0 } : x)) })
                }
              />
            ),
          },
          {
            title: 'Description',
            key: 'd',
            render: (_: unknown, b, i) => (
              <Input
                size="small"
                aria-label={`Grade ${b.grade} description`}
                value={b.description}
                onChange={(e) =>
                  set({ grade_boundaries: value.grade_boundaries.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)) })
                }
              />
            ),
          },
        ]}
      />
      <Space>
        <span>Pass threshold %</span>
        <InputNumber
          aria-label="Pass threshold"
          min={0}
          max={100}
          value={value.pass_threshold}
          onChange={(v) => set({ pass_threshold: v ?? 50 })}
        />
      </Space>
      {problems.map((p) => (
        <Typography.Text key={p} type="danger" style={{ fontSize: 12 }}>
          {p}
        </Typography.Text>
      ))}
    </Space>
  );
}
