import { useEffect, useState } from 'react';
import { App, Alert, Button, Card, Col, Empty, Form, Grid, Input, Modal, Row, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  errorMessage,
  type EssayType,
  type ProcessedRubricFile,
  type RemoteAppProps,
  type Rubric,
  type RubricStatus,
  type ScoringStructure,
} from '@corestone/sdk';
import { AccessDenied, Counter, PageHeader } from '../components/common';
import { EditDeleteButtons } from '../components/rowActions';
import { FilterSelect, RUBRIC_STATUS_FILTER, RUBRIC_STATUS_OPTIONS, RUBRIC_TYPE_FILTER, RUBRIC_TYPE_OPTIONS } from '../components/selects';
import { mayOpen } from '../lib/roles';
import { rubricFileError } from '../lib/rubricFile';
import { formatDate } from '../lib/text';
import { scoringProblems } from '../lib/scoring';
import { ScoringEditor } from '../components/ScoringEditor';
import { ReadOnlyChoice } from '../components/readOnly';

const STATUS_COLORS: Record<RubricStatus, string> = { active: 'green', draft: 'gold', deprecated: 'default' };

export function Rubrics(props: RemoteAppProps) {
  if (!mayOpen('rubrics', props.user)) return <AccessDenied screen="rubrics" />;
  return <RubricsScreen {...props} />;
}

/** The rubric service's limits (contracts' RubricInput), said before saving rather than by a refused request. */
export const RUBRIC_TEXT_LIMITS = { title: 200, description: 5000, criteria: 50_000 } as const;

/** What is too long in a rubric's texts, as the form says it; null when all fit. */
export function rubricTextProblem(texts: { title: string; description: string; criteria: string }): string | null {
  if (texts.title.trim().length > RUBRIC_TEXT_LIMITS.title) return `The title can be at most ${RUBRIC_TEXT_LIMITS.title} characters.`;
  if (texts.description.trim().length > RUBRIC_TEXT_LIMITS.description)
    return `The description can be at most ${RUBRIC_TEXT_LIMITS.description.toLocaleString('en-US')} characters.`;
  if (texts.criteria.trim().length > RUBRIC_TEXT_LIMITS.criteria)
    return `The criteria text can be at most ${RUBRIC_TEXT_LIMITS.criteria.toLocaleString('en-US')} characters.`;
  return null;
}

const typeTag = (r: Rubric) => <Tag color={r.rubric_type === 'ee' ? 'geekblue' : 'purple'}>{r.rubric_type.toUpperCase()}</Tag>;
const statusTag = (r: Rubric) => <Tag color={STATUS_COLORS[r.status]}>{r.status}</Tag>;
const rubricName = (r: Rubric) => (
  <div>
    <Typography.Text strong>{r.title}</Typography.Text> {r.is_default && <Tag color="blue">Default</Tag>}
    <div style={{ fontSize: 12, color: '#64748b', maxWidth: 420 }}>{r.description}</div>
  </div>
);

function RubricsScreen({ client }: RemoteAppProps) {
  const { message, modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [type, setType] = useState<EssayType | ''>('');
  const [status, setStatus] = useState<RubricStatus | ''>('');
  const [state, setState] = useState<{ rubrics: Rubric[]; loading: boolean; error?: string }>({ rubrics: [], loading: true });
  const [tick, setTick] = useState(0);
  const [editing, setEditing] = useState<Rubric | 'new' | null>(null);

  useEffect(() => {
    let alive = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    client.rubrics.list({}).then(
      (rubrics) => alive && setState({ rubrics, loading: false }),
      (e) => alive && setState({ rubrics: [], loading: false, error: `Error loading rubrics: ${errorMessage(e)}` }),
    );
    return () => {
      alive = false;
    };
  }, [client, tick]);
  const reload = () => setTick((n) => n + 1);

  const all = state.rubrics;
  const shown = all.filter((r) => (!type || r.rubric_type === type) && (!status || r.status === status));
  const remove = async (r: Rubric) => {
    try {
      await client.rubrics.remove(r.id);
      message.success('Rubric deleted');
      reload();
    } catch {
      modal.error({ title: 'Failed to delete rubric. It may be in use by existing evaluations.' });
    }
  };
  const openEdit = async (r: Rubric) => {
    try {
      setEditing(await client.rubrics.get(r.id));
    } catch {
      modal.error({ title: 'Failed to load rubric details for editing.' });
    }
  };
  const actions = (r: Rubric) => (
    <Space>
      <EditDeleteButtons
        name={r.title}
        onEdit={() => void openEdit(r)}
        confirmTitle="Delete this rubric?"
        confirmText="This cannot be undone."
        onDelete={() => remove(r)}
      />
    </Space>
  );

  return (
    <div data-testid="admin-rubrics">
      <PageHeader
        title="Rubric Management"
        subtitle="The scoring rubrics essays are graded against"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            Create Rubric
          </Button>
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Counter title="Total" value={all.length} />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Active" value={all.filter((r) => r.status === 'active').length} color="#16a34a" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Draft" value={all.filter((r) => r.status === 'draft').length} color="#ca8a04" />
        </Col>
        <Col xs={12} md={6}>
          <Counter title="Usage" value={all.reduce((n, r) => n + r.submission_count, 0)} color="#2563eb" />
        </Col>
      </Row>
      <Card variant="borderless">
        <Space wrap style={{ marginBottom: 16 }}>
          <FilterSelect label="Type filter" width={160} value={type} onChange={setType} options={RUBRIC_TYPE_FILTER} />
          <FilterSelect label="Status filter" width={150} value={status} onChange={setStatus} options={RUBRIC_STATUS_FILTER} />
        </Space>
        {state.error ? (
          <Alert type="error" showIcon title={state.error} action={<Button onClick={reload}>Try again</Button>} />
        ) : !screens.lg ? (
          // a phone or tablet: one card per rubric, its actions in reach (a table would hide them off to the side)
          state.loading ? (
            <Card loading />
          ) : shown.length === 0 ? (
            <Empty description="No rubrics found" />
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {shown.map((r) => (
                <Card key={r.id} size="small" data-testid="rubric-card">
                  {rubricName(r)}
                  <Space wrap size={[6, 6]} style={{ margin: '8px 0' }}>
                    {typeTag(r)}
                    {statusTag(r)}
                    <Typography.Text type="secondary">
                      v{r.version} · {r.scoring_structure.total_points} points · used {r.submission_count}× · updated{' '}
                      {formatDate(r.updated_at)}
                    </Typography.Text>
                  </Space>
                  <div>{actions(r)}</div>
                </Card>
              ))}
            </Space>
          )
        ) : (
          <Table
            rowKey="id"
            loading={state.loading}
            dataSource={shown}
            locale={{ emptyText: <Empty description="No rubrics found" /> }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            scroll={{ x: 800 }}
            columns={[
              { title: 'Rubric', key: 'title', render: (_: unknown, r: Rubric) => rubricName(r) },
              { title: 'Version', key: 'version', render: (_: unknown, r: Rubric) => `v${r.version}` },
              { title: 'Type', key: 'type', render: (_: unknown, r: Rubric) => typeTag(r) },
              { title: 'Status', key: 'status', render: (_: unknown, r: Rubric) => statusTag(r) },
              { title: 'Usage', key: 'usage', render: (_: unknown, r: Rubric) => r.submission_count },
              { title: 'Points', key: 'points', render: (_: unknown, r: Rubric) => r.scoring_structure.total_points },
              { title: 'Updated', key: 'updated', render: (_: unknown, r: Rubric) => formatDate(r.updated_at) },
              { title: 'Actions', key: 'actions', render: (_: unknown, r: Rubric) => actions(r) },
            ]}
          />
        )}
      </Card>
      {editing && (
        <RubricModal client={client} rubric={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={reload} />
      )}
    </div>
  );
}

function RubricModal({
  client,
  rubric,
  onClose,
  onSaved,
}: {
  client: RemoteAppProps['client'];
  rubric: Rubric | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const creating = rubric === null;
  const [title, setTitle] = useState(rubric?.title ?? '');
  const [description, setDescription] = useState(rubric?.description ?? '');
  const [type, setType] = useState<EssayType>(rubric?.rubric_type ?? 'ee');
  const [status, setStatus] = useState<RubricStatus>(rubric?.status ?? 'active');
  const [criteria, setCriteria] = useState(rubric?.criteria_text ?? '');
  const [scoring, setScoring] = useState<ScoringStructure | null>(rubric?.scoring_structure ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [processed, setProcessed] = useState<ProcessedRubricFile | null>(null);
  const [busy, setBusy] = useState<'process' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(onClose, 1500);
    return () => clearTimeout(t);
  }, [success, onClose]);

  const pick = (f: File) => {
    const problem = rubricFileError(f);
    setProcessed(null);
    if (problem) {
      setError(problem);
      setFile(null);
    } else {
      setError(null);
      setFile(f);
    }
    return false;
  };
  const process = async () => {
    if (!file) return;
    setBusy('process');
    setError(null);
    try {
      const p = await client.rubrics.processFile(file, type);
      setProcessed(p);
      setScoring(p.structured_rubric.scoring_structure);
      setCriteria(p.criteria_text);
      if (!title.trim()) setTitle(p.structured_rubric.title);
      if (!description.trim()) setDescription(p.structured_rubric.description);
    } catch (e) {
      setError(errorMessage(e, 'Failed to process file'));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    setError(null);
    if (!title.trim()) return setError('Title is required');
    const tooLong = rubricTextProblem({ title, description, criteria });
    if (tooLong) return setError(tooLong);
    if (creating && !processed) return setError('Please process a file first before creating the rubric.');
    if (scoring && scoringProblems(scoring).length) return setError(scoringProblems(scoring)[0]!);
    setBusy('save');
    try {
      if (creating) {
        await client.rubrics.create({
          title: title.trim(),
          description: description.trim(),
          rubric_type: type,
          criteria_text: processed!.criteria_text,
          scoring_structure: scoring ?? processed!.structured_rubric.scoring_structure,
          status,
        });
        setSuccess('Rubric created successfully');
      } else {
        await client.rubrics.update(rubric.id, {
          title: title.trim(),
          description: description.trim(),
          criteria_text: criteria,
          status,
          ...(scoring && JSON.stringify(scoring) !== JSON.stringify(rubric.scoring_structure) ? { scoring_structure: scoring } : {}),
        });
        setSuccess('Rubric updated successfully');
      }
      onSaved();
    } catch (e) {
      setError(errorMessage(e, creating ? 'Failed to create rubric' : 'Failed to update rubric'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={creating ? 'Create Rubric' : 'Edit Rubric'}
      onCancel={onClose}
      onOk={save}
      okText={creating ? 'Create Rubric' : 'Save Changes'}
      confirmLoading={busy === 'save'}
      okButtonProps={{ disabled: (creating && !processed) || Boolean(success) }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Essay type" extra={creating ? undefined : 'The type of an existing rubric cannot change.'}>
              {creating ? (
                <Select
                  aria-label="Essay type"
                  value={type}
                  onChange={(v) => {
                    setType(v);
                    setProcessed(null);
                  }}
                  options={RUBRIC_TYPE_OPTIONS}
                />
              ) : (
                <ReadOnlyChoice aria-label="Essay type" value={type} options={RUBRIC_TYPE_OPTIONS} />
              )}
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Status">
              <Select aria-label="Rubric status" value={status} onChange={setStatus} options={RUBRIC_STATUS_OPTIONS} />
            </Form.Item>
          </Col>
        </Row>
        {creating && (
          <Form.Item label="Rubric document" extra=".pdf, .docx, .doc or .txt, up to 10 MB">
            <Space wrap>
              <Upload beforeUpload={pick} maxCount={1} showUploadList={false} accept=".pdf,.docx,.doc,.txt">
                <Button icon={<UploadOutlined />}>{file ? file.name : 'Choose file'}</Button>
              </Upload>
              <Button type="primary" ghost disabled={!file} loading={busy === 'process'} onClick={process}>
                Process File
              </Button>
              {processed && (
                <Tag color="green">
                  {processed.structured_rubric.criteria.length} criteria · {processed.structured_rubric.scoring_structure.total_points}{' '}
                  points
                </Tag>
              )}
            </Space>
          </Form.Item>
        )}
        <Form.Item label="Title" required>
          <Input
            aria-label="Rubric title"
            value={title}
            count={{ show: title.length > RUBRIC_TEXT_LIMITS.title * 0.8, max: RUBRIC_TEXT_LIMITS.title }}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Form.Item>
        <Form.Item label="Description">
          <Input.TextArea
            aria-label="Rubric description"
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={description}
            count={{ show: description.length > RUBRIC_TEXT_LIMITS.description * 0.8, max: RUBRIC_TEXT_LIMITS.description }}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label="Criteria"
          extra={
            creating
              ? 'Read from the processed file. Changes made under Scoring are written into it when the rubric is saved.'
              : 'Changed text is read again into the scoring when saved; if Scoring is changed too, Scoring is kept.'
          }
        >
          <Input.TextArea
            aria-label="Criteria text"
            autoSize={{ minRows: 6, maxRows: 16 }}
            value={criteria}
            count={{ show: criteria.length > RUBRIC_TEXT_LIMITS.criteria * 0.8, max: RUBRIC_TEXT_LIMITS.criteria }}
            readOnly={creating}
            variant={creating ? 'filled' : 'outlined'}
            onChange={(e) => setCriteria(e.target.value)}
            style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12 }}
          />
        </Form.Item>
        {processed?.warnings.length ? <Alert type="warning" showIcon title={processed.warnings.join(' ')} /> : null}
        {scoring && (
          <Form.Item label="Scoring">
            <ScoringEditor value={scoring} onChange={setScoring} />
          </Form.Item>
        )}
      </Form>
      {error && (
        <Typography.Text type="danger" data-testid="rubric-form-error">
          {error}
        </Typography.Text>
      )}
      {success && <Typography.Text type="success">{success}</Typography.Text>}
    </Modal>
  );
}
