import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, App as AntApp, Button, Card, Col, Progress, Result, Row, Skeleton, Space, Steps, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { errorMessage, isApiError, type Evaluation, type RemoteAppProps } from '@corestone/sdk';
import { formatDate, isInProgress, scoreColor, summaryOf, typeColor, typeLabel } from '../lib/evaluation';

const { Title, Text, Paragraph } = Typography;

const STAGES = ['File Processing', 'Content Analysis', 'Generating Feedback'];

/** Simulated progress (spec §4): every second +up to 15, capped at 85; stages change at 33 and 66. */
export function useSimulatedProgress(active: boolean, random: () => number = Math.random) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setProgress((p) => Math.min(85, p + Math.round(random() * 15))), 1000);
    return () => clearInterval(t);
  }, [active, random]);
  return progress;
}

export const stageFor = (p: number) => (p >= 66 ? 2 : p >= 33 ? 1 : 0);

export function Results({ client }: RemoteAppProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { notification } = AntApp.useApp();
  const [state, setState] = useState<{ ev?: Evaluation; notFound?: boolean; error?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const [pdfBusy, setPdfBusy] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    let alive = true;
    setState({});
    client.evaluations.get(id).then(
      (ev) => alive && setState({ ev }),
      (e) => {
        if (!alive) return;
        if (isApiError(e) && (e.status === 404 || e.status === 400 || e.status === 422)) setState({ notFound: true });
        else setState({ error: errorMessage(e) });
      },
    );
    return () => {
      alive = false;
    };
  }, [client, id, attempt]);

  const ev = state.ev;
  const processing = !!ev && (isInProgress(ev.status) || (ev.status === 'completed' && !ev.results));

  // Follow it live while pending / processing / in_progress (server events, polling as the fallback).
  const following = !!ev && isInProgress(ev.status);
  useEffect(() => {
    if (!ev || !following) return;
    const ctl = new AbortController();
    abort.current = ctl;
    client.evaluations
      .watch(ev.id, {
        signal: ctl.signal,
        onProgress: (p) => !ctl.signal.aborted && setState((s) => (s.ev ? { ev: { ...s.ev, status: p.status, progress: p.progress } } : s)),
      })
      .then((done) => !ctl.signal.aborted && setState({ ev: done }))
      .catch((e) => {
        if (!ctl.signal.aborted) setState((s) => ({ ...s, error: errorMessage(e) }));
      });
    return () => ctl.abort();
  }, [client, ev?.id, following]); // eslint-disable-line react-hooks/exhaustive-deps

  const simulated = useSimulatedProgress(processing);

  if (state.notFound) {
    return (
      <Result
        status="404"
        title="Submission Not Found"
        subTitle="The requested submission could not be found."
        extra={<Button type="primary" onClick={() => navigate('/dashboard')}>Back to Dashboard</Button>}
      />
    );
  }
  if (state.error && !ev) {
    return <Result status="error" title="Could not load this submission" subTitle={state.error} extra={<Button onClick={() => setAttempt((n) => n + 1)}>Try Again</Button>} />;
  }
  if (!ev) return <Card variant="borderless"><Skeleton active paragraph={{ rows: 8 }} /></Card>;

  if (ev.status === 'failed') {
    return (
      <Result
        status="error"
        title="Evaluation Failed"
        subTitle={ev.error_message || 'The evaluation could not be completed. Your credit has been refunded.'}
        extra={[
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={async () => {
            try {
              setState({ ev: await client.evaluations.retry(ev.id) });
            } catch (e) {
              notification.error({ title: 'Retry failed', description: errorMessage(e), duration: 7 });
            }
          }}>Retry Evaluation</Button>,
          <Button key="back" onClick={() => navigate('/dashboard')}>Back to Dashboard</Button>,
        ]}
      />
    );
  }

  if (processing) {
    const progress = Math.max(simulated, Math.min(99, ev.progress ?? 0));
    return (
      <Card variant="borderless" data-testid="results-processing" styles={{ body: { padding: 40 } }}>
        <div style={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }}>
          <Title level={3} style={{ marginTop: 0 }}>Evaluating “{ev.title}”</Title>
          <Paragraph type="secondary">Your essay is being assessed against the rubric. This page updates automatically.</Paragraph>
          <Progress percent={progress} status="active" style={{ margin: '16px 0 32px' }} />
          <Steps
            current={stageFor(progress)}
            items={STAGES.map((t) => ({ title: t }))}
            size="small"
          />
          <Paragraph type="secondary" style={{ marginTop: 28 }}>Less than 60 seconds remaining.</Paragraph>
          {state.error && <Alert type="warning" showIcon title={state.error} action={<Button size="small" onClick={() => setAttempt((n) => n + 1)}>Check Again</Button>} />}
        </div>
      </Card>
    );
  }

  const s = summaryOf(ev);
  const processingTime = ev.processingTime ?? ev.evaluation_time;

  const downloadPdf = async () => {
    setPdfBusy(true);
    try {
      const file = await client.evaluations.downloadPdf(ev.id);
      const url = URL.createObjectURL(file.blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = file.filename || `${ev.title || 'evaluation'}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      notification.error({ title: 'Export failed', description: errorMessage(e, 'Failed to generate PDF'), duration: 7 });
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <div data-testid="results-completed">
      <Space style={{ marginBottom: 16 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/dashboard/submissions')}>Submissions</Button>
        <Button icon={<DownloadOutlined />} loading={pdfBusy} onClick={downloadPdf}>{pdfBusy ? 'Generating PDF...' : 'Export PDF'}</Button>
      </Space>
      <Card variant="borderless" style={{ marginBottom: 24 }} styles={{ body: { padding: 28 } }}>
        <Row gutter={[32, 24]} align="middle">
          <Col xs={24} md={6} style={{ textAlign: 'center' }}>
            <Progress
              type="circle"
              size={148}
              percent={s.percent}
              strokeColor={scoreColor(s.percent)}
              format={() => (
                <div>
                  <div data-testid="overall-grade" style={{ fontSize: 44, fontWeight: 700, color: scoreColor(s.percent), lineHeight: 1 }}>{s.grade}</div>
                  <div style={{ fontSize: 13, color: '#64748b', marginTop: 6 }}>Overall grade</div>
                </div>
              )}
            />
          </Col>
          <Col xs={24} md={18}>
            <Space size={8} style={{ marginBottom: 8 }} wrap>
              <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
              {ev.subject_area && <Tag>{ev.subject_area}</Tag>}
              {s.band && <Tag color="gold">{s.band}</Tag>}
            </Space>
            <Title level={3} style={{ margin: '0 0 16px' }}>{ev.title}</Title>
            <Row gutter={[16, 16]}>
              <Col xs={12} sm={6}><Metric label="Total points" value={<span data-testid="total-points">{fmt(s.total)} / {fmt(s.max)}</span>} /></Col>
              <Col xs={12} sm={6}><Metric label="Percentage" value={`${s.percent}%`} /></Col>
              <Col xs={12} sm={6}><Metric label="Word count" value={ev.extractedWordCount ? ev.extractedWordCount.toLocaleString() : '—'} /></Col>
              <Col xs={12} sm={6}><Metric label="Processing time" value={typeof processingTime === 'number' ? `${processingTime.toFixed(1)} s` : '—'} /></Col>
            </Row>
            <Text type="secondary" style={{ fontSize: 12 }}>Submitted {formatDate(ev.created_at || ev.submittedAt)}{ev.rubric?.title ? ` · Rubric: ${ev.rubric.title}` : ''}</Text>
          </Col>
        </Row>
      </Card>

      <Title level={4}>Criterion breakdown</Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {s.criteria.map((c) => {
          const pct = c.maxScore > 0 ? Math.round((c.score / c.maxScore) * 100) : 0;
          return (
            <Col xs={24} md={12} key={c.code}>
              <Card variant="borderless" style={{ height: '100%' }} data-testid={`criterion-${c.code}`} className="criterion-card">
                <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                  <div>
                    <Text type="secondary" style={{ fontSize: 12 }}>Criterion {c.code}</Text>
                    <Title level={5} style={{ margin: '2px 0 0' }}>{c.name}</Title>
                  </div>
                  <div style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                    <span data-testid="criterion-score" style={{ fontSize: 24, fontWeight: 700, color: scoreColor(pct) }}>{fmt(c.score)}</span>
                    <Text type="secondary"> / {fmt(c.maxScore)}</Text>
                    {c.band && <div><Tag color="blue" style={{ marginInlineEnd: 0 }}>{c.band}</Tag></div>}
                  </div>
                </div>
                <Progress percent={pct} showInfo={false} strokeColor={scoreColor(pct)} style={{ margin: '8px 0 12px' }} />
                {c.feedback && <Paragraph style={{ marginBottom: 8 }}>{c.feedback}</Paragraph>}
                {c.strengths.length > 0 && <BulletList title="Strengths" items={c.strengths} />}
                {c.improvements.length > 0 && <BulletList title="To improve" items={c.improvements} />}
              </Card>
            </Col>
          );
        })}
      </Row>

      <Card variant="borderless" title="Assessment summary" data-testid="assessment-summary">
        {s.holistic && <Paragraph style={{ fontSize: 15 }}>{s.holistic}</Paragraph>}
        <Row gutter={[24, 16]}>
          {s.strengths.length > 0 && <Col xs={24} md={8}><BulletList title="Strengths" items={s.strengths} /></Col>}
          {s.improvements.length > 0 && <Col xs={24} md={8}><BulletList title="Areas to improve" items={s.improvements} /></Col>}
          {s.nextSteps.length > 0 && <Col xs={24} md={8}><BulletList title="Next steps" items={s.nextSteps} /></Col>}
        </Row>
        {!s.holistic && !s.strengths.length && !s.improvements.length && !s.nextSteps.length && <Text type="secondary">No summary was provided for this evaluation.</Text>}
      </Card>
    </div>
  );
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

function Metric({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <div style={{ fontSize: 12, color: '#64748b' }}>{label}</div>
      <div style={{ fontSize: 20, fontWeight: 600 }}>{value}</div>
    </div>
  );
}

function BulletList({ title, items }: { title: string; items: string[] }) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Text strong>{title}</Text>
      <ul style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
        {items.map((i, k) => <li key={k}>{i}</li>)}
      </ul>
    </div>
  );
}
