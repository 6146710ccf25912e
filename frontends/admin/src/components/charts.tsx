/**
 * Small SVG charts for the analytics page: a column chart over days and horizontal bars. Drawn by
 * hand (no charting dependency): a few hundred bytes instead of a charting library in the remote.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Empty, Tooltip } from 'antd';
import { FormattedMessage } from 'react-intl';
import { dateLocale } from '../lib/text';

export interface Point {
  label: string;
  value: number;
}

/** Seen by screen readers only (the data table behind a chart). */
const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

const PALETTE = ['#1d4ed8', '#7c3aed', '#0891b2', '#16a34a', '#ca8a04', '#dc2626', '#db2777', '#475569'];

/**
 * Columns over a series (e.g. submissions per day); labels thinned so they never overlap. The
 * drawing is hidden from screen readers, which read the same figures as a table named `title`
 * (WCAG 1.1.1: a text equivalent).
 */
export function ColumnChart({
  title,
  data,
  color = '#1d4ed8',
  height = 180,
  testId,
  format = (v: number) => String(v),
}: {
  title: ReactNode;
  data: Point[];
  color?: string;
  height?: number;
  testId?: string;
  format?: (v: number) => string;
}) {
  if (!data.length || data.every((d) => d.value === 0))
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<FormattedMessage id="charts.noDataInThisPeriod" defaultMessage="No data in this period" />}
      />
    );
  const max = Math.max(...data.map((d) => d.value), 1);
  const w = 100 / data.length;
  const every = Math.ceil(data.length / 8);
  return (
    <div data-testid={testId}>
      <svg viewBox={`0 0 100 ${height / 4}`} preserveAspectRatio="none" style={{ width: '100%', height }} aria-hidden="true">
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line key={f} x1={0} x2={100} y1={(height / 4) * (1 - f)} y2={(height / 4) * (1 - f)} stroke="#eef0f3" strokeWidth={0.2} />
        ))}
        {data.map((d, i) => {
          const h = (d.value / max) * (height / 4 - 1);
          return (
            <rect key={d.label} x={i * w + w * 0.15} width={w * 0.7} y={height / 4 - h} height={h} fill={color} rx={0.4}>
              <title>{`${d.label}: ${format(d.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div style={{ display: 'flex', fontSize: 11, color: '#64748b' }}>
        {data.map((d, i) => (
          <span key={d.label} style={{ width: `${w}%`, textAlign: 'center', overflow: 'visible', whiteSpace: 'nowrap' }}>
            {i % every === 0 ? d.label : ''}
          </span>
        ))}
      </div>
      <div style={{ fontSize: 11, color: '#5b6472', textAlign: 'right' }}>
        <FormattedMessage id="charts.max" defaultMessage="max {value}" values={{ value: format(max) }} />
      </div>
      <table style={SR_ONLY}>
        <caption>{title}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Horizontal bars with their values (grades, criteria, roles, rubrics, links). */
export function BarList({
  data,
  max,
  format = (v: number) => String(v),
  testId,
}: {
  data: Point[];
  max?: number;
  format?: (v: number) => string;
  testId?: string;
}) {
  if (!data.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={<FormattedMessage id="charts.noDataInThisPeriod" defaultMessage="No data in this period" />}
      />
    );
  const top = max ?? Math.max(...data.map((d) => d.value), 1);
  return (
    <div data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      {data.map((d, i) => (
        <div key={d.label}>
          <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13 }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', paddingRight: 8 }}>{d.label}</span>
            <strong>{format(d.value)}</strong>
          </div>
          <Tooltip title={`${d.label}: ${format(d.value)}`}>
            <div style={{ height: 8, background: '#f1f5f9', borderRadius: 4, marginTop: 4 }}>
              <div
                style={{
                  width: `${Math.min(100, (d.value / top) * 100)}%`,
                  height: '100%',
                  background: PALETTE[i % PALETTE.length],
                  borderRadius: 4,
                }}
              />
            </div>
          </Tooltip>
        </div>
      ))}
    </div>
  );
}

/** 'YYYY-MM-DD' → 'Mar 2'. */
export const dayLabel = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(dateLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
