import { useState } from 'react';
import { useParams, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Col,
  Collapse,
  Empty,
  Grid,
  Progress,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tabs,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, BulbOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Evaluation, RemoteAppProps } from '@corestone/sdk';
import { isInProgress, summaryOf, typeColor, typeLabel, type ViewCriterion } from '../lib/evaluation';
import {
  expectedCriteria,
  groupByPriority,
  INSIGHT_LABELS,
  insightsOf,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
  reportColor,
  reportTabs,
  timelineOf,
  topSuggestions,
  type Priority,
} from '../lib/report';
import { Heading, ResultTitle } from '@corestone/ui/app-frame';
import { useEvaluation } from '../lib/useEvaluation';
import { PdfButton } from '../components/PdfButton';
import { BulletList, fmt, RemarkList, ShowPassageContext, statisticNumber } from '../components/results';
import { ASSIGNMENT_MESSAGES, awaitingReview, releasedReview, withTeacherMarks } from '../lib/assignments';
import { EssayView } from '../components/EssayView';

const { Text, Paragraph } = Typography;

/** Beyond the spec's five tabs: the essay with the passages the feedback quotes (`?tab=essay&passage=<note id>`). */
const ESSAY_TAB_KEY = 'essay';

/** /report/{id}: the Deep Analysis Report (spec user-app §2). */
export function Report({ client }: RemoteAppProps) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const intl = useIntl();
  const { state, reload } = useEvaluation(client, id);
  const screens = Grid.useBreakpoint();
  const ev = state.ev;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'deep';
  // a new object per request, so choosing the same passage again still scrolls to it
  const [focus, setFocus] = useState(() => {
    const passage = params.get('passage');
    return passage ? { id: passage } : null;
  });
  const openTab = (key: string, passage?: string) =>
    setParams(key === 'deep' ? {} : passage ? { tab: key, passage } : { tab: key }, { replace: true });
  const showPassage = (noteId: string) => {
    openTab(ESSAY_TAB_KEY, noteId);
    setFocus({ id: noteId });
  };

  if (state.notFound)
    return (
      <Result
        status="404"
        title={
          <ResultTitle>
            <FormattedMessage id="report.notFound" defaultMessage="Evaluation Not Found" />
          </ResultTitle>
        }
        subTitle={intl.formatMessage({ id: 'report.notFoundText', defaultMessage: 'The requested evaluation could not be found.' })}
        extra={
          <Button type="primary" onClick={() => navigate('/dashboard')}>
            <FormattedMessage id="common.backToDashboard" defaultMessage="Back to Dashboard" />
          </Button>
        }
      />
    );
  if (state.error)
    return (
      <Result
        status="error"
        title={
          <ResultTitle>
            <FormattedMessage id="report.loadFailed" defaultMessage="Could not load this report" />
          </ResultTitle>
        }
        subTitle={state.error}
        extra={
          <Button onClick={reload}>
            <FormattedMessage id="common.tryAgain" defaultMessage="Try Again" />
          </Button>
        }
      />
    );
  if (!ev)
    return (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  if (ev.status !== 'completed' || !ev.results)
    return (
      <Result
        status="info"
        title={
          <ResultTitle>
            {ev.status === 'failed'
              ? intl.formatMessage({ id: 'results.failed', defaultMessage: 'Evaluation Failed' })
              : awaitingReview(ev)
                ? intl.formatMessage(ASSIGNMENT_MESSAGES.awaitingReview)
                : intl.formatMessage({ id: 'report.processing', defaultMessage: 'Processing Essay' })}
          </ResultTitle>
        }
        subTitle={
          awaitingReview(ev) && !isInProgress(ev.status)
            ? intl.formatMessage({
                id: 'report.awaitingText',
                defaultMessage: 'Your teacher reviews this essay before you see the report.',
              })
            : isInProgress(ev.status)
              ? intl.formatMessage({
                  id: 'report.processingText',
                  defaultMessage: 'Your essay is still being evaluated. The report is ready as soon as the results are.',
                })
              : intl.formatMessage({
                  id: 'report.noResults',
                  defaultMessage: 'This evaluation has no results, so there is no report to show.',
                })
        }
        extra={
          <Button type="primary" onClick={() => navigate(`/dashboard/results/${ev.id}`)}>
            <FormattedMessage id="report.viewProgress" defaultMessage="View Progress" />
          </Button>
        }
      />
    );

  // a released teacher review's marks are the final ones (issue 31)
  const s = { ...summaryOf(ev), ...withTeacherMarks(summaryOf(ev), releasedReview(ev)) };
  const color = reportColor(s.percent);
  const tabs = reportTabs(ev.essay_type, intl, true);
  const activeTab = tabs.some((t) => t.key === tab) ? tab : 'deep';
  const content: Record<string, React.ReactNode> = {
    deep: <DeepAnalysis ev={ev} />,
    research: <FocusAnalysis ev={ev} />,
    evidence: <EvidenceReview ev={ev} />,
    insights: <WritingInsights ev={ev} />,
    recommendations: <Recommendations ev={ev} />,
    essay: <EssayView client={client} ev={ev} focus={focus} />,
  };

  return (
    <div data-testid="report">
      <Space style={{ marginBottom: 16 }} wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/dashboard/results/${ev.id}`)}>
          <FormattedMessage id="report.backToResults" defaultMessage="Back to Results" />
        </Button>
        <PdfButton client={client} ev={ev} type="primary" />
      </Space>
      <Card variant="borderless" style={{ marginBottom: 24 }} styles={{ body: { padding: 28 } }}>
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} md={17}>
            <Text type="secondary" style={{ textTransform: 'uppercase', letterSpacing: 1, fontSize: 12 }}>
              <FormattedMessage id="report.kicker" defaultMessage="Deep Analysis Report" />
            </Text>
            <Heading level={1} size={2} style={{ margin: '4px 0 8px' }}>
              {ev.title}
            </Heading>
            <Space size={8} wrap>
              <Tag color={typeColor(ev.essay_type)}>{typeLabel(ev.essay_type)}</Tag>
              {ev.subject_area && <Tag>{ev.subject_area}</Tag>}
              {ev.rubric?.title && <Tag>{ev.rubric.title}</Tag>}
            </Space>
          </Col>
          <Col
            xs={24}
            md={7}
            style={{ display: 'flex', gap: 24, flexWrap: 'wrap', justifyContent: screens.md ? 'flex-end' : 'flex-start' }}
          >
            <Statistic
              title={intl.formatMessage({ id: 'report.grade', defaultMessage: 'Grade' })}
              value={s.grade}
              styles={{ content: { color, fontWeight: 700 } }}
            />
            <Statistic
              title={intl.formatMessage({ id: 'report.points', defaultMessage: 'Points' })}
              value={`${fmt(s.total, intl)} / ${fmt(s.max, intl)}`}
            />
            <Statistic
              title={intl.formatMessage({ id: 'report.score', defaultMessage: 'Score' })}
              value={intl.formatNumber(s.percent / 100, { style: 'percent' })}
              styles={{ content: { color } }}
            />
          </Col>
        </Row>
      </Card>
      <Card variant="borderless">
        <ShowPassageContext.Provider value={showPassage}>
          <Tabs
            id={TABS_ID}
            activeKey={activeTab}
            onChange={(key) => openTab(key)}
            // a phone's tab bar has room for two of the six tabs (the rest hid behind an unlabeled '···'):
            // there the tabs wrap onto as many rows as they need
            renderTabBar={screens.md ? undefined : () => <WrappingTabBar tabs={tabs} active={activeTab} onOpen={openTab} />}
            items={tabs.map((t) => ({
              key: t.key,
              label: <span data-testid={`report-tab-${t.key}`}>{t.label}</span>,
              children: content[t.key],
            }))}
          />
        </ShowPassageContext.Provider>
      </Card>
    </div>
  );
}

const TABS_ID = 'report-tabs';

/**
 * The report's tabs as a row of buttons that wraps (below md). They keep the tab roles and the ids
 * antd's panels point at (`aria-labelledby`), and the arrow keys move between them as in a tab bar.
 */
function WrappingTabBar({
  tabs,
  active,
  onOpen,
}: {
  tabs: readonly { key: string; label: string }[];
  active: string;
  onOpen: (key: string) => void;
}) {
  const intl = useIntl();
  const move = (e: React.KeyboardEvent<HTMLElement>, index: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    document.getElementById(`${TABS_ID}-tab-${next.key}`)?.focus();
    onOpen(next.key);
  };
  return (
    <div
      role="tablist"
      aria-label={intl.formatMessage({ id: 'report.sections', defaultMessage: 'Report sections' })}
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}
    >
      {tabs.map((t, i) => {
        const selected = t.key === active;
        return (
          <Button
            key={t.key}
            id={`${TABS_ID}-tab-${t.key}`}
            role="tab"
            aria-selected={selected}
            aria-controls={`${TABS_ID}-panel-${t.key}`}
            tabIndex={selected ? 0 : -1}
            type={selected ? 'primary' : 'default'}
            onClick={() => onOpen(t.key)}
            onKeyDown={(e) => move(e, i)}
          >
            <span data-testid={`report-tab-${t.key}`}>{t.label}</span>
          </Button>
        );
      })}
    </div>
  );
}

function CriterionDetail({ c }: { c: ViewCriterion }) {
  const intl = useIntl();
  const pct = c.maxScore > 0 ? Math.round((c.score / c.maxScore) * 100) : 0;
  return (
    <div>
      <Progress
        aria-label={intl.formatMessage({ id: 'report.criterionScore', defaultMessage: 'Criterion {code} score' }, { code: c.code })}
        percent={pct}
        strokeColor={reportColor(pct)}
        format={() => `${fmt(c.score, intl)} / ${fmt(c.maxScore, intl)}`}
      />
      {c.band && (
        <Tag color="blue" style={{ margin: '8px 0' }}>
          {c.band}
        </Tag>
      )}
      {c.feedback && <Paragraph style={{ marginTop: 8 }}>{c.feedback}</Paragraph>}
      <Row gutter={[24, 8]}>
        {c.strengthDetails.length > 0 && (
          <Col xs={24} md={12}>
            <RemarkList title={intl.formatMessage({ id: 'results.strengths', defaultMessage: 'Strengths' })} items={c.strengthDetails} />
          </Col>
        )}
        {c.improvementDetails.length > 0 && (
          <Col xs={24} md={12}>
            <RemarkList
              title={intl.formatMessage({ id: 'results.toImprove', defaultMessage: 'To improve' })}
              items={c.improvementDetails}
            />
          </Col>
        )}
      </Row>
    </div>
  );
}

function DeepAnalysis({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  const s = summaryOf(ev);
  const items = [
    {
      key: 'overview',
      label: (
        <Text strong>
          <FormattedMessage id="report.overview" defaultMessage="Overview" />
        </Text>
      ),
      children: (
        <div data-testid="deep-overview">
          {s.holistic ? (
            <Paragraph style={{ fontSize: 15 }}>{s.holistic}</Paragraph>
          ) : (
            <Text type="secondary">
              <FormattedMessage id="report.noCommentary" defaultMessage="No overall commentary was given." />
            </Text>
          )}
          <Row gutter={[24, 8]}>
            {s.strengths.length > 0 && (
              <Col xs={24} md={12}>
                <BulletList title={intl.formatMessage({ id: 'results.strengths', defaultMessage: 'Strengths' })} items={s.strengths} />
              </Col>
            )}
            {s.improvements.length > 0 && (
              <Col xs={24} md={12}>
                <BulletList
                  title={intl.formatMessage({ id: 'results.areasToImprove', defaultMessage: 'Areas to improve' })}
                  items={s.improvements}
                />
              </Col>
            )}
          </Row>
        </div>
      ),
    },
    ...expectedCriteria(ev).map(({ code, name, criterion }) => ({
      key: code,
      label: (
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Text strong>
            <FormattedMessage id="results.criterionLabel" defaultMessage="Criterion {code}: {name}" values={{ code, name }} />
          </Text>
          {criterion && (
            <Text type="secondary">
              {fmt(criterion.score, intl)} / {fmt(criterion.maxScore, intl)}
            </Text>
          )}
        </Space>
      ),
      children: criterion ? (
        <CriterionDetail c={criterion} />
      ) : (
        <Text type="secondary">
          <FormattedMessage id="report.criterionMissing" defaultMessage="Criterion data is not available" />
        </Text>
      ),
    })),
  ];
  return <Collapse defaultActiveKey={['overview']} items={items} />;
}

/** EE: Research Analysis (focus, method, critical thinking); TOK: Epistemological Analysis. */
function FocusAnalysis({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  const tok = ev.essay_type === 'tok';
  const insights = insightsOf(ev);
  const pick = (key: string) => insights.find((i) => i.key === key)?.text;
  // rubric criteria come in the student's language (English, French or Spanish names)
  const criteria = expectedCriteria(ev).filter(({ name }) =>
    tok
      ? /knowledge|analysis|connaissance|analyse|conocimiento|análisis/i.test(name)
      : /focus|method|critical|thinking|orientation|méthod|critique|enfoque|método|crítico/i.test(name),
  );
  return (
    <div>
      <Paragraph type="secondary">
        {tok
          ? intl.formatMessage({
              id: 'report.focus.tok',
              defaultMessage: 'How the essay frames its knowledge questions, the perspectives it weighs and the quality of its analysis.',
            })
          : intl.formatMessage({
              id: 'report.focus.ee',
              defaultMessage:
                'How well the research question is focused, the method chosen to answer it and the critical thinking behind the argument.',
            })}
      </Paragraph>
      {pick('critical_thinking') && (
        <InsightCard title={intl.formatMessage(INSIGHT_LABELS.critical_thinking)} text={pick('critical_thinking')!} />
      )}
      {tok && pick('originality_and_insight') && (
        <InsightCard title={intl.formatMessage(INSIGHT_LABELS.originality_and_insight)} text={pick('originality_and_insight')!} />
      )}
      <CriterionCards entries={criteria} />
    </div>
  );
}

/** EE: Evidence Review (sources, citations, knowledge); TOK: Example Analysis. */
function EvidenceReview({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  const tok = ev.essay_type === 'tok';
  const m = ev.results?.textMetrics;
  const argument = insightsOf(ev).find((i) => i.key === 'argument_and_evidence')?.text;
  const criteria = expectedCriteria(ev).filter(({ name }) =>
    tok
      ? /analysis|example|analyse|exemple|análisis|ejemplo/i.test(name)
      : /knowledge|understanding|engagement|connaissance|compréhension|conocimiento|comprensión|compromiso/i.test(name),
  );
  return (
    <div>
      <Paragraph type="secondary">
        {tok
          ? intl.formatMessage({
              id: 'report.evidence.tok',
              defaultMessage: 'How the real-life examples support the claims and counterclaims of the essay.',
            })
          : intl.formatMessage({
              id: 'report.evidence.ee',
              defaultMessage: 'How the sources and evidence support the argument, and how they are cited.',
            })}
      </Paragraph>
      {m && !tok && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={12} md={6}>
            <Statistic
              title={intl.formatMessage({ id: 'report.citations', defaultMessage: 'In-text citations' })}
              value={m.citations}
              formatter={statisticNumber(intl)}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={intl.formatMessage({ id: 'report.bibliography', defaultMessage: 'Bibliography entries' })}
              value={m.bibliographyEntries}
              formatter={statisticNumber(intl)}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={intl.formatMessage({ id: 'report.citationStyle', defaultMessage: 'Citation style' })}
              value={m.citationStyle}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={intl.formatMessage({ id: 'report.bodyWords', defaultMessage: 'Body words' })}
              value={`${intl.formatNumber(m.bodyWords)} / ${intl.formatNumber(m.wordLimit)}`}
            />
          </Col>
        </Row>
      )}
      {argument && (
        <InsightCard
          title={
            tok
              ? intl.formatMessage({ id: 'report.examplesEvidence', defaultMessage: 'Examples and Evidence' })
              : intl.formatMessage(INSIGHT_LABELS.argument_and_evidence)
          }
          text={argument}
        />
      )}
      <CriterionCards entries={criteria} />
    </div>
  );
}

function WritingInsights({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  const insights = insightsOf(ev);
  const m = ev.results?.textMetrics;
  if (!insights.length && !m)
    return (
      <Empty
        data-testid="insights-missing"
        description={
          <>
            <Text strong>
              <FormattedMessage id="report.insightsMissing" defaultMessage="Insights Not Available" />
            </Text>
            <br />
            <Text type="secondary">
              <FormattedMessage id="report.insightsMissingText" defaultMessage="This evaluation has no writing insights." />
            </Text>
          </>
        }
      />
    );
  return (
    <div data-testid="writing-insights">
      {insights.length === 0 ? (
        <Empty description={intl.formatMessage({ id: 'report.insightsMissing', defaultMessage: 'Insights Not Available' })} />
      ) : (
        <Row gutter={[16, 16]}>
          {insights.map((i) => (
            <Col xs={24} md={12} key={i.key}>
              <InsightCard title={intl.formatMessage(i.label)} text={i.text} growth />
            </Col>
          ))}
        </Row>
      )}
      {m && (
        <Card
          size="small"
          title={intl.formatMessage({ id: 'report.measured', defaultMessage: 'Measured in your text' })}
          style={{ marginTop: 16 }}
        >
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic
                title={intl.formatMessage({ id: 'report.words', defaultMessage: 'Words' })}
                value={m.words}
                formatter={statisticNumber(intl)}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={intl.formatMessage({ id: 'report.paragraphs', defaultMessage: 'Paragraphs' })}
                value={m.paragraphs}
                formatter={statisticNumber(intl)}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={intl.formatMessage({ id: 'report.sentenceLength', defaultMessage: 'Avg. sentence length' })}
                value={intl.formatNumber(m.averageSentenceLength, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                suffix={intl.formatMessage({ id: 'report.wordsSuffix', defaultMessage: 'words' })}
              />
            </Col>
            <Col xs={12} md={6}>
              <Statistic
                title={intl.formatMessage({ id: 'report.readability', defaultMessage: 'Readability grade' })}
                value={intl.formatNumber(m.readabilityGrade, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
              />
            </Col>
          </Row>
        </Card>
      )}
    </div>
  );
}

function Recommendations({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  const criteria = summaryOf(ev).criteria;
  const groups = groupByPriority(criteria);
  const suggestions = topSuggestions(ev);
  return (
    <div data-testid="recommendations">
      <Row gutter={[16, 16]}>
        {(Object.keys(groups) as Priority[]).map((p) => (
          <Col xs={24} md={8} key={p}>
            <Card
              size="small"
              title={<Tag color={PRIORITY_COLORS[p]}>{intl.formatMessage(PRIORITY_LABELS[p])}</Tag>}
              data-testid={`priority-${p}`}
              style={{ height: '100%' }}
            >
              {groups[p].length === 0 ? (
                <Text type="secondary">
                  <FormattedMessage id="report.noCriteriaInGroup" defaultMessage="No criteria in this group." />
                </Text>
              ) : (
                groups[p].map((c) => (
                  <div key={c.code} style={{ marginBottom: 12 }}>
                    <Text strong>
                      <FormattedMessage
                        id="results.criterionLabel"
                        defaultMessage="Criterion {code}: {name}"
                        values={{ code: c.code, name: c.name }}
                      />
                    </Text>{' '}
                    <Text type="secondary">
                      ({fmt(c.score, intl)} / {fmt(c.maxScore, intl)})
                    </Text>
                    {(p === 'maintain' ? c.strengths : c.improvements).slice(0, 2).map((t, k) => (
                      <div key={k} style={{ fontSize: 13, color: '#475569' }}>
                        • {t}
                      </div>
                    ))}
                  </div>
                ))
              )}
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={12}>
          <Card
            size="small"
            title={
              <>
                <ClockCircleOutlined /> <FormattedMessage id="report.timeline" defaultMessage="Suggested timeline" />
              </>
            }
            style={{ height: '100%' }}
          >
            <Timeline
              items={timelineOf(criteria, intl).map((t) => ({
                content: (
                  <div>
                    <Text strong>{t.weeks}</Text>: {t.focus}
                    {t.criteria.length > 0 && (
                      <div style={{ fontSize: 13, color: '#475569' }}>
                        {t.criteria
                          .map((c) =>
                            intl.formatMessage({ id: 'results.criterionCode', defaultMessage: 'Criterion {code}' }, { code: c.code }),
                          )
                          .join(', ')}
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card
            size="small"
            title={
              <>
                <BulbOutlined /> <FormattedMessage id="report.suggestions" defaultMessage="Suggestions" />
              </>
            }
            data-testid="suggestions"
            style={{ height: '100%' }}
          >
            {suggestions.length ? (
              <ol style={{ paddingInlineStart: 20, margin: 0, lineHeight: 1.8 }}>
                {suggestions.map((t, k) => (
                  <li key={k}>{t}</li>
                ))}
              </ol>
            ) : (
              <Text type="secondary">
                <FormattedMessage id="report.noSuggestions" defaultMessage="No further suggestions for this essay." />
              </Text>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function InsightCard({ title, text, growth }: { title: string; text: string; growth?: boolean }) {
  const intl = useIntl();
  return (
    <Card size="small" style={{ marginBottom: 12, height: growth ? '100%' : undefined, background: '#f8fafc' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Text strong>{title}</Text>
        {/* spec §2: growth percentages are fixed at 0 (there is no earlier essay to compare with) */}
        {growth && (
          <Text type="secondary" style={{ fontSize: 12 }}>
            <FormattedMessage
              id="report.growth"
              defaultMessage="Growth {percent}"
              values={{ percent: intl.formatNumber(0, { style: 'percent' }) }}
            />
          </Text>
        )}
      </Space>
      <Paragraph style={{ margin: '6px 0 0' }}>{text}</Paragraph>
    </Card>
  );
}

function CriterionCards({ entries }: { entries: ReturnType<typeof expectedCriteria> }) {
  const intl = useIntl();
  return (
    <Row gutter={[16, 16]}>
      {entries.map(({ code, name, criterion }) => (
        <Col xs={24} md={12} key={code}>
          <Card
            size="small"
            title={intl.formatMessage({ id: 'results.criterionLabel', defaultMessage: 'Criterion {code}: {name}' }, { code, name })}
            style={{ height: '100%' }}
          >
            {criterion ? (
              <CriterionDetail c={criterion} />
            ) : (
              <Text type="secondary">
                <FormattedMessage id="report.criterionMissing" defaultMessage="Criterion data is not available" />
              </Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
