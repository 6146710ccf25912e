import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Grid,
  Input,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Steps,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { CloudUploadOutlined, DeleteOutlined, FileTextOutlined, LoadingOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { errorMessage, type EssayType, type RemoteAppProps, type Rubric } from '@corestone/sdk';
import { PageHeading } from '@corestone/frontend-shell/app-frame';
import { CreditBanner } from '../components/common';
import { AREAS_OF_KNOWLEDGE, CITATION_STYLES, EE_SUBJECTS } from '../data/subjects';
import { useTokTitles } from '../lib/useTokTitles';
import { MAX_TITLE_CHARS, checkFile, checkTextFile, isLargePdf, processingStage, sizeMb, submitFailureText } from '../lib/upload';

export interface EeMeta {
  title: string;
  category: string;
  subject: string;
  researchQuestion: string;
  citationStyle: string;
  additionalContext: string;
}
export interface TokMeta {
  title: string;
  prescribedTitle: string;
  aokFocus: string[];
  additionalContext: string;
}

const emptyEe: EeMeta = { title: '', category: '', subject: '', researchQuestion: '', citationStyle: '', additionalContext: '' };
const emptyTok: TokMeta = { title: '', prescribedTitle: '', aokFocus: [], additionalContext: '' };

/** 'Review & Submit' needs a rubric and, for EE, subject and research question, for TOK a prescribed title. */
export function validateMetadata(type: EssayType, ee: EeMeta, tok: TokMeta, rubricId: string): string | null {
  if (type === 'ee') {
    if (!ee.category) return 'Please select a subject category';
    if (!ee.subject) return 'Please select a subject';
    if (!ee.researchQuestion.trim()) return 'Please enter your research question';
  } else if (!tok.prescribedTitle) return 'Please select a prescribed title';
  if (!rubricId) return 'Please select a rubric';
  return null;
}

const STEP_TITLES = ['Upload', 'Metadata', 'Submit'];

export function UploadWizard({ user, client, refreshUser }: RemoteAppProps) {
  const params = useParams();
  const type = params.type === 'ee' || params.type === 'tok' ? (params.type as EssayType) : null;
  const navigate = useNavigate();
  const { notification } = AntApp.useApp();
  const wide = Boolean(Grid.useBreakpoint().md);
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [ee, setEe] = useState<EeMeta>(emptyEe);
  const [tok, setTok] = useState<TokMeta>(emptyTok);
  const [rubricId, setRubricId] = useState('');
  const [rubrics, setRubrics] = useState<{ loading: boolean; list: Rubric[]; error: string | null }>({
    loading: true,
    list: [],
    error: null,
  });
  const [stage, setStage] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const reset = () => {
    setStep(0);
    setFile(null);
    setEe(emptyEe);
    setTok(emptyTok);
    setRubricId('');
    setStage(null);
    setSubmitError(null);
  };

  // switching between /upload/ee and /upload/tok starts over
  useEffect(reset, [type]);

  useEffect(() => {
    if (!type) return;
    let alive = true;
    setRubrics({ loading: true, list: [], error: null });
    client.rubrics.active(type).then(
      (list) => {
        if (!alive) return;
        const ofType = list.filter((r) => !r.rubric_type || r.rubric_type === type);
        setRubrics({ loading: false, list: ofType, error: null });
        if (ofType.length === 1) setRubricId(ofType[0]!.id);
      },
      (e) => alive && setRubrics({ loading: false, list: [], error: errorMessage(e, 'Failed to load rubrics. Please try again.') }),
    );
    return () => {
      alive = false;
    };
  }, [client, type]);

  const rubric = useMemo(() => rubrics.list.find((r) => r.id === rubricId), [rubrics.list, rubricId]);
  const tokTitles = useTokTitles(client);

  if (!type) return <Navigate to="/dashboard" replace />;

  const fail = (description: string) => notification.error({ title: 'Validation Error', description, duration: 7 });

  // wrong type, empty, over 20 MB, or a .txt with more text than the server takes: refused here, not at submit
  const pickFile = async (f: File) => {
    const problem = checkFile(f) ?? (await checkTextFile(f));
    if (problem) {
      notification.error({ title: 'Invalid file', description: problem, duration: 7 });
      return;
    }
    setFile(f);
  };

  const next = () => {
    if (step === 0) {
      if (!file) return fail('Please upload a file');
      setStep(1);
    } else if (step === 1) {
      const problem = validateMetadata(type, ee, tok, rubricId);
      if (problem) return fail(problem);
      setStep(2);
    }
  };

  const defaultTitle = type === 'ee' ? 'Extended Essay Submission' : 'Theory of Knowledge Submission';
  const title = (type === 'ee' ? ee.title : tok.title).trim() || defaultTitle;

  const submit = async () => {
    if (!file) return fail('Please upload a file');
    if (!rubricId) return fail('Please select a rubric');
    setSubmitError(null);
    setStage('Preparing submission...');
    const timer = setTimeout(() => setStage(processingStage(file)), 400);
    try {
      const ev = await client.evaluations.submit({
        file,
        title,
        essay_type: type,
        rubric_id: rubricId,
        subject_area: type === 'ee' ? ee.subject : '',
      });
      clearTimeout(timer);
      setStage('File processed successfully! Redirecting...');
      await refreshUser();
      // replace: Back from the results page goes to where the student came from, not to an emptied wizard
      navigate(`/dashboard/results/${ev.id}`, { replace: true });
    } catch (e) {
      clearTimeout(timer);
      setStage(null);
      const text = submitFailureText(e);
      setSubmitError(text);
      notification.error({ title: 'Submission Failed', description: text, duration: 7 });
    }
  };

  const essayName = type === 'ee' ? 'Extended Essay' : 'TOK Essay';
  const busy = stage !== null;

  return (
    <div>
      <PageHeading
        title={`Upload ${essayName}`}
        subtitle={type === 'ee' ? 'Get criterion-by-criterion feedback on your Extended Essay.' : 'TOK essays should be about 1,600 words.'}
      />
      <div style={{ marginBottom: 20 }}>
        <CreditBanner user={user} />
      </div>
      <Card variant="borderless">
        <Steps current={step} items={STEP_TITLES.map((t) => ({ title: t }))} style={{ marginBottom: 32 }} data-testid="wizard-steps" />

        {step === 0 && (
          <div data-testid="step-upload">
            {!file ? (
              <Upload.Dragger
                accept=".txt,.docx,.pdf"
                multiple={false}
                maxCount={1}
                showUploadList={false}
                beforeUpload={(f) => {
                  void pickFile(f as File);
                  return Upload.LIST_IGNORE;
                }}
                data-testid="file-dropzone"
              >
                <p className="ant-upload-drag-icon">
                  <CloudUploadOutlined />
                </p>
                <p className="ant-upload-text">Click or drag your essay to this area</p>
                <p className="ant-upload-hint">.txt, .docx or .pdf · up to 20 MB</p>
              </Upload.Dragger>
            ) : (
              <Card size="small" style={{ background: '#f8fafc' }} data-testid="selected-file">
                <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                  <Space>
                    <FileTextOutlined style={{ fontSize: 24, color: '#1d4ed8' }} />
                    <div>
                      <Typography.Text strong>{file.name}</Typography.Text>
                      <br />
                      <Typography.Text type="secondary">{sizeMb(file.size)}</Typography.Text>
                    </div>
                  </Space>
                  <Button icon={<DeleteOutlined />} onClick={() => setFile(null)}>
                    Remove
                  </Button>
                </Space>
              </Card>
            )}
            <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 24 }}>
              <Button type="primary" size="large" onClick={next}>
                Continue
              </Button>
            </div>
          </div>
        )}

        {step === 1 && (
          <div data-testid="step-metadata">
            <Form layout="vertical" component="div">
              <Row gutter={24}>
                <Col xs={24} lg={14}>
                  <Form.Item label="Title" htmlFor="meta-title" required>
                    <Input
                      id="meta-title"
                      maxLength={MAX_TITLE_CHARS}
                      value={type === 'ee' ? ee.title : tok.title}
                      placeholder={defaultTitle}
                      onChange={(e) =>
                        type === 'ee' ? setEe({ ...ee, title: e.target.value }) : setTok({ ...tok, title: e.target.value })
                      }
                    />
                  </Form.Item>
                  {type === 'ee' ? (
                    <>
                      <Row gutter={16}>
                        <Col xs={24} md={12}>
                          <Form.Item label="Subject Category" htmlFor="meta-category" required>
                            <Select
                              id="meta-category"
                              placeholder="Choose a category"
                              value={ee.category || undefined}
                              options={Object.keys(EE_SUBJECTS).map((c) => ({ value: c, label: c }))}
                              onChange={(v) => setEe({ ...ee, category: v, subject: '' })}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={12}>
                          <Form.Item label="Subject" htmlFor="meta-subject" required>
                            <Select
                              id="meta-subject"
                              placeholder={ee.category ? 'Choose a subject' : 'Choose a category first'}
                              disabled={!ee.category}
                              value={ee.subject || undefined}
                              showSearch
                              options={(EE_SUBJECTS[ee.category] ?? []).map((s) => ({ value: s, label: s }))}
                              onChange={(v) => setEe({ ...ee, subject: v })}
                            />
                          </Form.Item>
                        </Col>
                      </Row>
                      <Form.Item label="Research Question" htmlFor="meta-rq" required>
                        <Input.TextArea
                          id="meta-rq"
                          autoSize={{ minRows: 2, maxRows: 4 }}
                          value={ee.researchQuestion}
                          placeholder="To what extent…"
                          onChange={(e) => setEe({ ...ee, researchQuestion: e.target.value })}
                        />
                      </Form.Item>
                      <Form.Item label="Citation Style" htmlFor="meta-citation">
                        <Select
                          id="meta-citation"
                          allowClear
                          placeholder="Optional"
                          value={ee.citationStyle || undefined}
                          options={CITATION_STYLES.map((c) => ({ value: c, label: c }))}
                          onChange={(v) => setEe({ ...ee, citationStyle: v ?? '' })}
                        />
                      </Form.Item>
                      <Form.Item label="Additional Context" htmlFor="meta-context">
                        <Input.TextArea
                          id="meta-context"
                          autoSize={{ minRows: 2, maxRows: 5 }}
                          value={ee.additionalContext}
                          placeholder="Optional: anything the assessor should know"
                          onChange={(e) => setEe({ ...ee, additionalContext: e.target.value })}
                        />
                      </Form.Item>
                    </>
                  ) : (
                    <>
                      <Form.Item
                        label="Prescribed Title"
                        htmlFor="meta-prescribed"
                        required
                        // the field shows one line of a long title: the whole chosen title is written out under it
                        extra={
                          tok.prescribedTitle ? (
                            <span data-testid="prescribed-full" style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
                              {tok.prescribedTitle}
                            </span>
                          ) : undefined
                        }
                      >
                        <Select
                          id="meta-prescribed"
                          placeholder="Choose the prescribed title you answered"
                          value={tok.prescribedTitle || undefined}
                          options={tokTitles.map((t) => ({ value: t, label: t }))}
                          onChange={(v) => setTok({ ...tok, prescribedTitle: v })}
                          popupMatchSelectWidth
                          listHeight={320}
                          // titles are long: options wrap instead of being cut (no hover tooltip on a phone)
                          optionRender={(o) => <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{o.label}</div>}
                        />
                      </Form.Item>
                      <Form.Item label="Areas of Knowledge Focus" htmlFor="meta-aok">
                        <Select
                          id="meta-aok"
                          mode="multiple"
                          allowClear
                          placeholder="Optional"
                          value={tok.aokFocus}
                          options={AREAS_OF_KNOWLEDGE.map((a) => ({ value: a, label: a }))}
                          onChange={(v) => setTok({ ...tok, aokFocus: v })}
                        />
                      </Form.Item>
                      <Form.Item label="Additional Context" htmlFor="meta-context">
                        <Input.TextArea
                          id="meta-context"
                          autoSize={{ minRows: 2, maxRows: 5 }}
                          value={tok.additionalContext}
                          placeholder="Optional"
                          onChange={(e) => setTok({ ...tok, additionalContext: e.target.value })}
                        />
                      </Form.Item>
                      <Alert type="info" showIcon title="TOK essays should be about 1,600 words." style={{ marginBottom: 24 }} />
                    </>
                  )}
                </Col>
                <Col xs={24} lg={10}>
                  <Form.Item label="Rubric" required>
                    {rubrics.loading ? (
                      <Skeleton active paragraph={{ rows: 2 }} />
                    ) : rubrics.error ? (
                      <Alert type="error" showIcon title={`Could not load rubrics: ${rubrics.error}`} />
                    ) : rubrics.list.length === 0 ? (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No active rubrics available for ${type}`} />
                    ) : (
                      <Radio.Group
                        value={rubricId}
                        onChange={(e) => setRubricId(e.target.value)}
                        style={{ width: '100%' }}
                        aria-label="Rubric"
                        data-testid="rubric-list"
                      >
                        <Space orientation="vertical" style={{ width: '100%' }}>
                          {rubrics.list.map((r) => (
                            <Card key={r.id} size="small" style={{ borderColor: r.id === rubricId ? '#1d4ed8' : undefined }}>
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
                </Col>
              </Row>
            </Form>
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}>
              <Button size="large" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button type="primary" size="large" onClick={next}>
                Review &amp; Submit
              </Button>
            </div>
          </div>
        )}

        {step === 2 && file && (
          <div data-testid="step-submit">
            <Descriptions
              bordered
              column={1}
              size="middle"
              data-testid="submit-summary"
              // on a phone labels go above their values, which then get the whole width
              layout={wide ? 'horizontal' : 'vertical'}
              styles={wide ? { label: { width: 200 } } : { content: { overflowWrap: 'anywhere' } }}
            >
              <Descriptions.Item label="Essay Type">{essayName}</Descriptions.Item>
              <Descriptions.Item label="File">
                {file.name} ({sizeMb(file.size)})
              </Descriptions.Item>
              <Descriptions.Item label="Title">{title}</Descriptions.Item>
              {type === 'ee' ? (
                <>
                  <Descriptions.Item label="Subject">{ee.subject}</Descriptions.Item>
                  <Descriptions.Item label="Research Question">{ee.researchQuestion}</Descriptions.Item>
                </>
              ) : (
                <Descriptions.Item label="Prescribed Title">{tok.prescribedTitle}</Descriptions.Item>
              )}
              <Descriptions.Item label="Rubric">{rubric?.title ?? '—'}</Descriptions.Item>
            </Descriptions>
            <Space orientation="vertical" style={{ width: '100%', marginTop: 20 }} size={12}>
              {isLargePdf(file) && <Alert type="warning" showIcon title="Large PDF: reading this file may take 2 to 3 minutes." />}
              <Alert
                type="success"
                icon={<SafetyCertificateOutlined />}
                showIcon
                title="Academic integrity"
                description="You confirm this essay is your own work. Corestone gives feedback and grading guidance only: it never rewrites or generates essay content."
              />
              {stage && <Alert type="info" showIcon icon={<LoadingOutlined />} title={stage} data-testid="submit-stage" />}
              {submitError && <Alert type="error" showIcon title={submitError} data-testid="submit-error" />}
            </Space>
            <div style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 12, marginTop: 24 }}>
              <Space>
                <Button size="large" disabled={busy} onClick={() => setStep(1)}>
                  Back to Metadata
                </Button>
                <Button size="large" disabled={busy} onClick={reset}>
                  Start Over
                </Button>
              </Space>
              <Button type="primary" size="large" loading={busy} onClick={submit}>
                Submit for Evaluation
              </Button>
            </div>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 13 }}>
              AI evaluation can take 5 to 10 minutes. PDF files take 1 to 2 minutes to read, large PDFs 2 to 3 minutes. You can leave this
              page: the result appears in your submissions.
            </Typography.Paragraph>
          </div>
        )}
      </Card>
    </div>
  );
}
