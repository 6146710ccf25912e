import { Alert, Card, Empty, Form, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import type { EssayType } from '@corestone/sdk';
import { FIELD_IDS, type FieldErrors } from '../../lib/uploadFields';
import type { ActiveRubrics } from '../../lib/useRubricChoice';
import { invalid, marked } from './fieldMarks';

interface RubricChoiceProps {
  type: EssayType;
  rubrics: ActiveRubrics;
  value: string;
  errors: FieldErrors;
  onChange: (rubricId: string) => void;
}

/** The 'Rubric' field: the essay type's active rubrics to choose from, or why there are none. */
export function RubricChoice({ type, rubrics, value, errors, onChange }: RubricChoiceProps) {
  return (
    <Form.Item label="Rubric" required {...marked(errors, 'rubric')}>
      {rubrics.loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : rubrics.error ? (
        <Alert type="error" showIcon title={`Could not load rubrics: ${rubrics.error}`} />
      ) : rubrics.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No active rubrics available for ${type}`} />
      ) : (
        <Radio.Group
          id={FIELD_IDS.rubric}
          {...invalid(errors, 'rubric')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          style={{ width: '100%' }}
          aria-label="Rubric"
          data-testid="rubric-list"
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rubrics.list.map((r) => (
              <Card key={r.id} size="small" style={{ borderColor: r.id === value ? '#1d4ed8' : undefined }}>
                <Radio value={r.id} data-testid={`rubric-${r.id}`}>
                  <Typography.Text strong>{r.title}</Typography.Text>{' '}
                  <Tag color={r.status === 'active' ? 'green' : 'default'}>{r.status}</Tag>
                  {r.scoring_structure?.total_points ? (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {r.scoring_structure.criteria?.length ?? 0} criteria · {r.scoring_structure.total_points} points
                      </Typography.Text>
                    </div>
                  ) : null}
                </Radio>
              </Card>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Form.Item>
  );
}
