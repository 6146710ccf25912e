import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
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
import { EMPTY_EE, EMPTY_TOK, isBlankMeta, metadataProblems, type EeMeta, type MetaField, type TokMeta } from '../lib/uploadMetadata';
import { clearDraft, readDraft, saveDraft } from '../lib/uploadDraft';
import {
  METADATA_STEP,
  REVIEW_STEP,
  STEP_TITLES,
  UPLOAD_STEP,
  depthOf,
  searchForStep,
  stepFromSearch,
  stepLabel,
  type WizardEntryState,
} from '../lib/wizardSteps';

export { validateMetadata } from '../lib/uploadMetadata';

type Field = MetaField | 'file';
/** A field's control; its inline error is `${id}-error`, which the control names as its description. */
const FIELD_IDS: Record<Field, string> = {
  file: 'upload-file',
  category: 'meta-category',
  subject: 'meta-subject',
  researchQuestion: 'meta-rq',
  prescribedTitle: 'meta-prescribed',
  rubric: 'meta-rubric',
};

/** Shown on the Upload step when a kept draft came back without its file (a File cannot outlive a reload). */
export const chooseFileAgainText = (fileName: string | null) =>
  `Your details are kept. Choose your file${fileName ? ` (${fileName})` : ''} again to continue.`;

export function UploadWizard(props: RemoteAppProps) {
  const params = useParams();
  const type = params.type === 'ee' || params.type === 'tok' ? (params.type as EssayType) : null;
  if (!type) return <Navigate to="/dashboard" replace />;
  // one wizard per user and essay type: switching type starts over (with that type's own draft, if it has one)
  return <Wizard key={`${props.user.id}:${type}`} type={type} {...props} />;
}

function Wizard({ type, user, client, refreshUser }: RemoteAppProps & { type: EssayType }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { notification } = AntApp.useApp();
  const wide = Boolean(Grid.useBreakpoint().md);
  const [restored] = useState(() => readDraft(user.id, type));
  const [draftCameBack, setDraftCameBack] = useState(() => restored !== null && !isBlankMeta(type === 'ee' ? restored.ee : restored.tok));
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState<string | null>(restored?.fileName ?? null);
  const [ee, setEe] = useState<EeMeta>(restored?.ee ?? EMPTY_EE);
  const [tok, setTok] = useState<TokMeta>(restored?.tok ?? EMPTY_TOK);
  const [rubricId, setRubricId] = useState(restored?.rubricId ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [rubrics, setRubrics] = useState<{ loading: boolean; list: Rubric[]; error: string | null }>({
    loading: true,
    list: [],
    error: null,
  });
  const [stage, setStage] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const busy = stage !== null;

  // a draft is what the student wrote or chose in the metadata; the rubric choice and the file's name go with it
  useEffect(() => {
    if (isBlankMeta(type === 'ee' ? ee : tok)) clearDraft(user.id, type);
    else saveDraft(user.id, type, { ee, tok, rubricId, fileName });
  }, [user.id, type, ee, tok, rubricId, fileName]);

  useEffect(() => {
    let alive = true;
    setRubrics({ loading: true, list: [], error: null });
    client.rubrics.active(type).then(
      (list) => {
        if (!alive) return;
        const ofType = list.filter((r) => !r.rubric_type || r.rubric_type === type);
        setRubrics({ loading: false, list: ofType, error: null });
        // a kept choice stays if that rubric is still active; the only one is chosen for the student
        setRubricId((kept) => (ofType.some((r) => r.id === kept) ? kept : ofType.length === 1 ? ofType[0]!.id : ''));
      },
      (e) => alive && setRubrics({ loading: false, list: [], error: errorMessage(e, 'Failed to load rubrics. Please try again.') }),
    );
    return () => {
      alive = false;
    };
  }, [client, type]);

  // The step is the address's, as far as the wizard has what it needs: no file → Upload; metadata
  // 'Review & Submit' would refuse → Metadata. While submitting, the Submit step stays.
  const depth = depthOf(location.state);
  const depthNow = useRef(depth); // for a submit that ends after Back was pressed meanwhile
  useEffect(() => {
    depthNow.current = depth;
  }, [depth]);
  const urlStep = stepFromSearch(location.search);
  const problems = useMemo(() => metadataProblems(type, ee, tok, rubricId), [type, ee, tok, rubricId]);
  const allowedStep = urlStep > UPLOAD_STEP && !file ? UPLOAD_STEP : urlStep === REVIEW_STEP && problems.length ? METADATA_STEP : urlStep;
  const step = busy ? REVIEW_STEP : allowedStep;
  useEffect(() => {
    if (busy || location.search === searchForStep(allowedStep)) return;
    navigate({ search: searchForStep(allowedStep) }, { replace: true, state: location.state });
  }, [busy, allowedStep, location.search, location.state, navigate]);

  const goForward = (to: number) =>
    navigate({ search: searchForStep(to) }, { state: { wizardDepth: depth + 1 } satisfies WizardEntryState });
  /** Back `entries` entries in history when they are the wizard's (as the browser's Back would), else this entry becomes step `to`. */
  const goBack = (entries: number, to: number) =>
    entries > 0 && depth >= entries
      ? navigate(-entries)
      : navigate({ search: searchForStep(to) }, { replace: true, state: location.state });

  // After a submit the wizard goes back to its first entry and puts the result there: Back from the
  // result leaves the wizard instead of showing it emptied.
  const leavingTo = useRef<string | null>(null);
  useEffect(() => {
    const to = leavingTo.current;
    if (!to || depth > 0) return;
    leavingTo.current = null;
    navigate(to, { replace: true });
  }, [depth, navigate]);
  useEffect(() => {
    const leaving = leavingTo;
    // that entry was not the wizard's any more (a stale one reached with Forward): the result goes where it landed
    return () => {
      if (leaving.current) navigate(leaving.current, { replace: true });
    };
  }, [navigate]);

  // keyboard and screen reader users start on the new step (not on the first render: the page has its own start)
  const panel = useRef<HTMLDivElement>(null);
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    panel.current?.focus();
  }, [step]);

  const rubric = useMemo(() => rubrics.list.find((r) => r.id === rubricId), [rubrics.list, rubricId]);
  const tokTitles = useTokTitles(client);

  const fail = (description: string) => notification.error({ title: 'Validation Error', description, duration: 7 });

  /** The 'Validation Error' toast for the first problem, each field marked with its own, focus on the first. */
  const refuse = (found: { field: Field; message: string }[]) => {
    const [first] = found;
    if (!first) return;
    fail(first.message);
    setErrors(Object.fromEntries(found.map((p) => [p.field, p.message])));
    focusField(first.field);
  };
  const focusField = (field: Field) => {
    const root = panel.current;
    const control =
      field === 'file'
        ? root?.querySelector<HTMLElement>('.ant-upload[role=button]')
        : field === 'rubric'
          ? root?.querySelector<HTMLElement>(`#${FIELD_IDS.rubric} input[type=radio]`)
          : root?.querySelector<HTMLElement>(`#${FIELD_IDS[field]}`);
    control?.focus();
  };
  /** A changed field is no longer marked (a category change also empties the subject). */
  const fixed = (...fields: Field[]) =>
    setErrors((prev) =>
      fields.some((f) => prev[f]) ? Object.fromEntries(Object.entries(prev).filter(([f]) => !fields.includes(f as Field))) : prev,
    );
  /** Form.Item props marking a refused field: the message under it. */
  const marked = (field: Field) =>
    errors[field] ? { validateStatus: 'error' as const, help: <span id={`${FIELD_IDS[field]}-error`}>{errors[field]}</span> } : {};
  /** The refused control's own state for screen readers. */
  const invalid = (field: Field) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${FIELD_IDS[field]}-error` } : {});

  const changeEe = (patch: Partial<EeMeta>, ...fields: Field[]) => {
    setEe((prev) => ({ ...prev, ...patch }));
    fixed(...fields);
  };
  const changeTok = (patch: Partial<TokMeta>, ...fields: Field[]) => {
    setTok((prev) => ({ ...prev, ...patch }));
    fixed(...fields);
  };

  // wrong type, empty, over 20 MB, or a .txt with more text than the server takes: refused here, not at submit
  const pickFile = async (f: File) => {
    const problem = checkFile(f) ?? (await checkTextFile(f));
    if (problem) {
      notification.error({ title: 'Invalid file', description: problem, duration: 7 });
      return;
    }
    setFile(f);
    setFileName(f.name);
    fixed('file');
  };

  const next = () => {
    if (step === UPLOAD_STEP) {
      if (!file) return refuse([{ field: 'file', message: 'Please upload a file' }]);
      goForward(METADATA_STEP);
    } else if (step === METADATA_STEP) {
      if (problems.length) return refuse(problems);
      goForward(REVIEW_STEP);
    }
  };

  const startOver = () => {
    clearDraft(user.id, type);
    setDraftCameBack(false);
    setFile(null);
    setFileName(null);
    setEe(EMPTY_EE);
    setTok(EMPTY_TOK);
    setRubricId('');
    setErrors({});
    setStage(null);
    setSubmitError(null);
    goBack(depth, UPLOAD_STEP);
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
      clearDraft(user.id, type);
      setStage('File processed successfully! Redirecting...');
      await refreshUser();
      const results = `/dashboard/results/${ev.id}`;
      // the result replaces the wizard's first entry: Back from it goes to where the student came from, not to an emptied wizard
      if (depthNow.current > 0) {
        leavingTo.current = results;
        navigate(-depthNow.current);
      } else navigate(results, { replace: true });
    } catch (e) {
      clearTimeout(timer);
      setStage(null);
      const text = submitFailureText(e);
      setSubmitError(text);
      notification.error({ title: 'Submission Failed', description: text, duration: 7 });
    }
  };

  const essayName = type === 'ee' ? 'Extended Essay' : 'TOK Essay';
  /** The step's panel: focused on a step change, named for screen readers ('Step 2 of 3: Metadata'). */
  const panelProps = (testId: string) => ({
    ref: panel,
    tabIndex: -1,
    role: 'group',
    'aria-label': stepLabel(step),
    'data-testid': testId,
    style: { outline: 'none' },
  });

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

        {step === UPLOAD_STEP && (
          <div {...panelProps('step-upload')}>
            {!file && draftCameBack && (
              <Alert
                type="info"
                showIcon
                title={chooseFileAgainText(fileName)}
                style={{ marginBottom: 16 }}
                data-testid="choose-file-again"
              />
            )}
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
            {errors.file && (
              <Typography.Text type="danger" id={`${FIELD_IDS.file}-error`} style={{ display: 'block', marginTop: 8 }}>
                {errors.file}
              </Typography.Text>
            )}
            <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 24 }}>
              <Button type="primary" size="large" onClick={next}>
                Continue
              </Button>
            </div>
          </div>
        )}

        {step === METADATA_STEP && (
          <div {...panelProps('step-metadata')}>
            <Form layout="vertical" component="div">
              <Row gutter={24}>
                <Col xs={24} lg={14}>
                  <Form.Item label="Title" htmlFor="meta-title" required>
                    <Input
                      id="meta-title"
                      maxLength={MAX_TITLE_CHARS}
                      value={type === 'ee' ? ee.title : tok.title}
                      placeholder={defaultTitle}
                      onChange={(e) => (type === 'ee' ? changeEe({ title: e.target.value }) : changeTok({ title: e.target.value }))}
                    />
                  </Form.Item>
                  {type === 'ee' ? (
                    <>
                      <Row gutter={16}>
                        <Col xs={24} md={12}>
                          <Form.Item label="Subject Category" htmlFor="meta-category" required {...marked('category')}>
                            <Select
                              id="meta-category"
                              {...invalid('category')}
                              placeholder="Choose a category"
                              value={ee.category || undefined}
                              options={Object.keys(EE_SUBJECTS).map((c) => ({ value: c, label: c }))}
                              onChange={(v) => changeEe({ category: v, subject: '' }, 'category', 'subject')}
                            />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={12}>
                          <Form.Item label="Subject" htmlFor="meta-subject" required {...marked('subject')}>
                            <Select
                              id="meta-subject"
                              {...invalid('subject')}
                              placeholder={ee.category ? 'Choose a subject' : 'Choose a category first'}
                              disabled={!ee.category}
                              value={ee.subject || undefined}
                              showSearch
                              options={(EE_SUBJECTS[ee.category] ?? []).map((s) => ({ value: s, label: s }))}
                              onChange={(v) => changeEe({ subject: v }, 'subject')}
                            />
                          </Form.Item>
                        </Col>
                      </Row>
                      <Form.Item label="Research Question" htmlFor="meta-rq" required {...marked('researchQuestion')}>
                        <Input.TextArea
                          id="meta-rq"
                          {...invalid('researchQuestion')}
                          autoSize={{ minRows: 2, maxRows: 4 }}
                          value={ee.researchQuestion}
                          placeholder="To what extent…"
                          onChange={(e) => changeEe({ researchQuestion: e.target.value }, 'researchQuestion')}
                        />
                      </Form.Item>
                      <Form.Item label="Citation Style" htmlFor="meta-citation">
                        <Select
                          id="meta-citation"
                          allowClear
                          placeholder="Optional"
                          value={ee.citationStyle || undefined}
                          options={CITATION_STYLES.map((c) => ({ value: c, label: c }))}
                          onChange={(v) => changeEe({ citationStyle: v ?? '' })}
                        />
                      </Form.Item>
                      <Form.Item label="Additional Context" htmlFor="meta-context">
                        <Input.TextArea
                          id="meta-context"
                          autoSize={{ minRows: 2, maxRows: 5 }}
                          value={ee.additionalContext}
                          placeholder="Optional: anything the assessor should know"
                          onChange={(e) => changeEe({ additionalContext: e.target.value })}
                        />
                      </Form.Item>
                    </>
                  ) : (
                    <>
                      <Form.Item
                        label="Prescribed Title"
                        htmlFor="meta-prescribed"
                        required
                        {...marked('prescribedTitle')}
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
                          {...invalid('prescribedTitle')}
                          placeholder="Choose the prescribed title you answered"
                          value={tok.prescribedTitle || undefined}
                          options={tokTitles.map((t) => ({ value: t, label: t }))}
                          onChange={(v) => changeTok({ prescribedTitle: v }, 'prescribedTitle')}
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
                          onChange={(v) => changeTok({ aokFocus: v })}
                        />
                      </Form.Item>
                      <Form.Item label="Additional Context" htmlFor="meta-context">
                        <Input.TextArea
                          id="meta-context"
                          autoSize={{ minRows: 2, maxRows: 5 }}
                          value={tok.additionalContext}
                          placeholder="Optional"
                          onChange={(e) => changeTok({ additionalContext: e.target.value })}
                        />
                      </Form.Item>
                      <Alert type="info" showIcon title="TOK essays should be about 1,600 words." style={{ marginBottom: 24 }} />
                    </>
                  )}
                </Col>
                <Col xs={24} lg={10}>
                  <Form.Item label="Rubric" required {...marked('rubric')}>
                    {rubrics.loading ? (
                      <Skeleton active paragraph={{ rows: 2 }} />
                    ) : rubrics.error ? (
                      <Alert type="error" showIcon title={`Could not load rubrics: ${rubrics.error}`} />
                    ) : rubrics.list.length === 0 ? (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No active rubrics available for ${type}`} />
                    ) : (
                      <Radio.Group
                        id={FIELD_IDS.rubric}
                        {...invalid('rubric')}
                        value={rubricId}
                        onChange={(e) => {
                          setRubricId(e.target.value);
                          fixed('rubric');
                        }}
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
              <Button size="large" onClick={() => goBack(1, UPLOAD_STEP)}>
                Back
              </Button>
              <Button type="primary" size="large" onClick={next}>
                Review &amp; Submit
              </Button>
            </div>
          </div>
        )}

        {step === REVIEW_STEP && file && (
          <div {...panelProps('step-submit')}>
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
                <Button size="large" disabled={busy} onClick={() => goBack(1, METADATA_STEP)}>
                  Back to Metadata
                </Button>
                <Button size="large" disabled={busy} onClick={startOver}>
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
