import { Button, Card, Input, InputNumber, Space, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ScoringStructure } from '@corestone/sdk';
import { scoringProblems, withDerivedPoints } from '../lib/scoring';
import { FormattedMessage, useIntl } from 'react-intl';

type Criterion = ScoringStructure['criteria'][number];

/** A line of inputs that wraps on a phone instead of running out of the dialog. */
const ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 } as const;

/** Criteria (code, name, maximum, weight, scoring levels) and grade boundaries of a rubric. */
export function ScoringEditor({ value, onChange }: { value: ScoringStructure; onChange: (next: ScoringStructure) => void }) {
  const intl = useIntl();
  const set = (patch: Partial<ScoringStructure>) => {
    const next = { ...value, ...patch };
    onChange(withDerivedPoints(next));
  };
  const setCriterion = (i: number, patch: Partial<Criterion>) =>
    set({ criteria: value.criteria.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  const problems = scoringProblems(value, intl);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="scoring-editor">
      <Typography.Text strong>
        <FormattedMessage
          id="scoringEditor.summary"
          defaultMessage="Criteria · total {total} points · pass at {pass}%"
          // numbers in the page's language: French and Spanish '27,5 points'
          values={{ total: intl.formatNumber(value.total_points), pass: intl.formatNumber(value.pass_threshold) }}
        />
      </Typography.Text>
      {value.criteria.map((c, i) => (
        <Card key={i} size="small" style={{ background: '#f8fafc' }}>
          <div style={ROW}>
            <Input
              aria-label={intl.formatMessage({ id: 'scoringEditor.criterionCode', defaultMessage: 'Code of criterion {n}' }, { n: i + 1 })}
              style={{ width: 64 }}
              value={c.code}
              onChange={(e) => setCriterion(i, { code: e.target.value })}
            />
            <Input
              aria-label={intl.formatMessage({ id: 'scoringEditor.criterionName', defaultMessage: 'Name of criterion {n}' }, { n: i + 1 })}
              style={{ flex: '1 1 180px', minWidth: 0, maxWidth: 320 }}
              value={c.name}
              onChange={(e) => setCriterion(i, { name: e.target.value })}
            />
            <span>
              <FormattedMessage id="scoringEditor.max" defaultMessage="max" />
            </span>
            <InputNumber
              aria-label={intl.formatMessage(
                { id: 'scoringEditor.criterionMax', defaultMessage: 'Maximum of criterion {n}' },
                { n: i + 1 },
              )}
              min={0}
              value={c.maxScore}
              onChange={(v) => setCriterion(i, { maxScore: v ?? 0 })}
              style={{ width: 72 }}
            />
            {/* weighted_sum: the weight is the criterion's share of the total, as the rubric service stores it */}
            <Typography.Text
              type="secondary"
              data-testid={`weight-${i + 1}`}
              title={intl.formatMessage({
                id: 'scoringEditor.itsShareOfTheTotal',
                defaultMessage: 'Its share of the total, from the maxima',
              })}
            >
              <FormattedMessage id="scoringEditor.weight" defaultMessage="weight {weight}" values={{ weight: c.weight }} />
            </Typography.Text>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={intl.formatMessage(
                { id: 'scoringEditor.removeCriterion', defaultMessage: 'Remove criterion {code}' },
                { code: c.code },
              )}
              onClick={() => set({ criteria: value.criteria.filter((_, j) => j !== i) })}
            />
          </div>
          {(c.scoring_levels ?? []).map((l, k) => (
            <div key={k} style={{ ...ROW, marginTop: 6 }}>
              <InputNumber
                aria-label={intl.formatMessage({ id: 'scoringEditor.levelFrom', defaultMessage: 'Level {n} from' }, { n: k + 1 })}
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
                aria-label={intl.formatMessage({ id: 'scoringEditor.levelTo', defaultMessage: 'Level {n} to' }, { n: k + 1 })}
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
                aria-label={intl.formatMessage(
                  { id: 'scoringEditor.levelDescriptor', defaultMessage: 'Level {n} descriptor' },
                  { n: k + 1 },
                )}
                style={{ flex: '1 1 200px', minWidth: 0 }}
                value={l.descriptor}
                onChange={(e) =>
                  setCriterion(i, { scoring_levels: c.scoring_levels!.map((x, m) => (m === k ? { ...x, descriptor: e.target.value } : x)) })
                }
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={intl.formatMessage({ id: 'scoringEditor.removeLevel', defaultMessage: 'Remove level' })}
                onClick={() => setCriterion(i, { scoring_levels: c.scoring_levels!.filter((_, m) => m !== k) })}
              />
            </div>
          ))}
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setCriterion(i, { scoring_levels: [...(c.scoring_levels ?? []), { min: 0, max: c.maxScore, descriptor: '' }] })}
          >
            <FormattedMessage id="scoringEditor.addScoringLevel" defaultMessage="Add scoring level" />
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
        <FormattedMessage id="scoringEditor.addCriterion" defaultMessage="Add criterion" />
      </Button>
      <Typography.Text strong style={{ marginTop: 8 }}>
        <FormattedMessage id="scoringEditor.gradeBoundaries" defaultMessage="Grade boundaries" />
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        // rows are keyed by position (a grade may repeat while being edited); antd reads `key`
        dataSource={value.grade_boundaries.map((b, i) => ({ ...b, key: String(i) }))}
        columns={[
          { title: <FormattedMessage id="scoringEditor.grade" defaultMessage="Grade" />, dataIndex: 'grade', width: 70 },
          {
            title: <FormattedMessage id="scoringEditor.from" defaultMessage="From %" />,
            key: 'min',
            render: (_: unknown, b, i) => (
              <InputNumber
                aria-label={intl.formatMessage({ id: 'scoringEditor.gradeFrom', defaultMessage: 'Grade {grade} from' }, { grade: b.grade })}
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
            title: <FormattedMessage id="scoringEditor.to" defaultMessage="To %" />,
            key: 'max',
            render: (_: unknown, b, i) => (
              <InputNumber
                aria-label={intl.formatMessage({ id: 'scoringEditor.gradeTo', defaultMessage: 'Grade {grade} to' }, { grade: b.grade })}
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
            title: <FormattedMessage id="scoringEditor.description" defaultMessage="Description" />,
            key: 'd',
            render: (_: unknown, b, i) => (
              <Input
                size="small"
                aria-label={intl.formatMessage(
                  { id: 'scoringEditor.gradeDescription', defaultMessage: 'Grade {grade} description' },
                  { grade: b.grade },
                )}
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
        <span>
          <FormattedMessage id="scoringEditor.passThreshold" defaultMessage="Pass threshold %" />
        </span>
        <InputNumber
          aria-label={intl.formatMessage({ id: 'scoringEditor.passThresholdLabel', defaultMessage: 'Pass threshold' })}
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
