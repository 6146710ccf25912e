import { createContext, useContext } from 'react';
import { Card, Col, Row, Typography } from 'antd';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { Evaluation } from '@corestone/sdk';
import { insightsOf } from '../lib/report';
import type { ViewRemark } from '../lib/evaluation';

const { Text, Paragraph } = Typography;

/**
 * A criterion score or total in the page's language: '4' or '4.5' (one decimal, as toFixed(1) wrote
 * it), French and Spanish '4,5'; no grouping, so English stays byte-identical to before.
 */
export const fmt = (n: number, intl: IntlShape) =>
  intl.formatNumber(
    n,
    Number.isInteger(n) ? { useGrouping: false } : { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false },
  );

/** antd Statistic's `formatter` for whole numbers: the page's grouping ('1,234', French '1 234') instead of antd's ','. */
export const statisticNumber =
  (intl: IntlShape) =>
  (value: number | string): React.ReactNode =>
    typeof value === 'number' ? intl.formatNumber(value) : value;

export function Metric({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <div style={{ fontSize: 12, color: '#64748b' }}>{label}</div>
      <div style={{ fontSize: 20, fontWeight: 600 }}>{value}</div>
    </div>
  );
}

export function BulletList({ title, items }: { title: string; items: string[] }) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Text strong>{title}</Text>
      <ul style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
        {items.map((i, k) => (
          <li key={k}>{i}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What choosing a passage under a remark does: the report opens its essay view there, the
 * results page goes to the report's essay view. Without a provider the passages are plain quotes.
 */
export const ShowPassageContext = createContext<((noteId: string) => void) | null>(null);

/**
 * Strengths or improvements, each with the essay passages it points at, highlighted as quotes
 * (the grader's `strengthDetails` / `improvementDetails`); each quote leads to its place in the essay.
 */
export function RemarkList({ title, items }: { title: string; items: ViewRemark[] }) {
  const showPassage = useContext(ShowPassageContext);
  if (!items.length) return null;
  return (
    <div style={{ marginBottom: 8 }}>
      <Text strong>{title}</Text>
      <ul style={{ paddingInlineStart: 20, margin: '4px 0 0' }}>
        {items.map((r, k) => (
          <li key={k}>
            {r.text}
            {r.quotes.map((q) => (
              <div
                key={q.noteId}
                className="essay-passage"
                style={{ margin: '4px 0 2px', paddingLeft: 10, borderLeft: '3px solid #facc15', fontSize: 13, color: '#475569' }}
              >
                <span style={{ fontSize: 11, color: '#5b6472', display: 'block' }}>
                  <FormattedMessage id="results.inYourEssay" defaultMessage="In your essay:" />
                </span>
                {showPassage ? (
                  <button
                    type="button"
                    data-show-passage={q.noteId}
                    onClick={() => showPassage(q.noteId)}
                    style={{
                      background: 'none',
                      border: 'none',
                      padding: 0,
                      textAlign: 'left',
                      cursor: 'pointer',
                      font: 'inherit',
                      color: 'inherit',
                    }}
                  >
                    <mark style={{ background: '#fef9c3', padding: '0 2px' }}>“{q.text}”</mark>
                    <span style={{ display: 'block', fontSize: 12, color: '#2563eb', marginTop: 2 }}>
                      <FormattedMessage id="results.showInEssay" defaultMessage="Show in essay →" />
                    </span>
                  </button>
                ) : (
                  <mark style={{ background: '#fef9c3', padding: '0 2px' }}>“{q.text}”</mark>
                )}
              </div>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The grader's writing insights (insight_feedback) on the results page; nothing when there are none. */
export function WritingInsightsCard({ ev }: { ev: Evaluation }) {
  const intl = useIntl();
  const insights = insightsOf(ev);
  if (!insights.length) return null;
  return (
    <Card
      variant="borderless"
      title={intl.formatMessage({ id: 'results.writingInsights', defaultMessage: 'Writing insights' })}
      data-testid="results-insights"
      style={{ marginTop: 24 }}
    >
      <Row gutter={[24, 16]}>
        {insights.map((i) => (
          <Col xs={24} md={12} key={i.key}>
            <Text strong>{intl.formatMessage(i.label)}</Text>
            <Paragraph style={{ margin: '4px 0 0' }}>{i.text}</Paragraph>
          </Col>
        ))}
      </Row>
    </Card>
  );
}
