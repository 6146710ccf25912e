import { Alert, Card, Empty, Form, Radio, Skeleton, Space, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
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
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'upload.field.rubric', defaultMessage: 'Rubric' });
  return (
    <Form.Item label={label} required {...marked(errors, 'rubric')}>
      {rubrics.loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : rubrics.error ? (
        <Alert
          type="error"
          showIcon
          title={intl.formatMessage(
            { id: 'upload.rubricsFailed', defaultMessage: 'Could not load rubrics: {error}' },
            { error: rubrics.error },
          )}
        />
      ) : rubrics.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={intl.formatMessage({ id: 'upload.noRubrics', defaultMessage: 'No active rubrics available for {type}' }, { type })}
        />
      ) : (
        <Radio.Group
          id={FIELD_IDS.rubric}
          {...invalid(errors, 'rubric')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          style={{ width: '100%' }}
          aria-label={label}
          data-testid="rubric-list"
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {rubrics.list.map((r) => (
              <Card key={r.id} size="small" style={{ borderColor: r.id === value ? '#1d4ed8' : undefined }}>
                <Radio value={r.id} data-testid={`rubric-${r.id}`}>
                  <Typography.Text strong>{r.title}</Typography.Text>{' '}
                  <Tag color={r.status === 'active' ? 'green' : 'default'}>
                    {r.status === 'active' ? intl.formatMessage({ id: 'upload.rubricActive', defaultMessage: 'active' }) : r.status}
                  </Tag>
                  {r.scoring_structure?.total_points ? (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {intl.formatMessage(
                          {
                            id: 'upload.rubricFacts',
                            defaultMessage:
                              '{criteria, plural, one {# criterion} other {# criteria}} · {points, plural, one {# point} other {# points}}',
                          },
                          { criteria: r.scoring_structure.criteria?.length ?? 0, points: r.scoring_structure.total_points },
                        )}
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
