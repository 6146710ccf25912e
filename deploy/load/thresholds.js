/**
 * k6 threshold expressions (deploy/k6/thresholds.json), evaluated the way k6 does for the Node load
 * generator: `p(95)<3000`, `rate<0.01`, `count<1`, `avg`, `med`, `min`, `max`.
 */
const EXPR = /^\s*(p\((\d+(?:\.\d+)?)\)|avg|med|min|max|rate|count)\s*(<=|<|>=|>|==|===|!=)\s*(-?\d+(?:\.\d+)?)\s*$/;

function parseThreshold(expr) {
  const m = EXPR.exec(expr);
  if (!m) throw new Error(`unsupported threshold expression: ${expr}`);
  return { stat: m[2] ? 'p' : m[1], percentile: m[2] ? Number(m[2]) : null, op: m[3], limit: Number(m[4]) };
}

/** Percentile by linear interpolation between closest ranks (as k6's trend sink). */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

/** The value a threshold looks at. `series` is { values } (trend), { rate } or { count }. */
function statOf(t, series) {
  if (t.stat === 'rate') return series.rate ?? 0;
  if (t.stat === 'count') return series.count ?? 0;
  const values = [...(series.values ?? [])].sort((a, b) => a - b);
  if (t.stat === 'p') return percentile(values, t.percentile);
  if (values.length === 0) return 0;
  if (t.stat === 'avg') return values.reduce((a, b) => a + b, 0) / values.length;
  if (t.stat === 'med') return percentile(values, 50);
  if (t.stat === 'min') return values[0];
  return values[values.length - 1];
}

const compare = {
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '==': (a, b) => a === b,
  '===': (a, b) => a === b,
  '!=': (a, b) => a !== b,
};

/** Evaluates every threshold: [{ metric, expr, value, ok }]. A metric with no series fails. */
function evaluateThresholds(thresholds, metrics) {
  return Object.entries(thresholds).flatMap(([metric, exprs]) =>
    exprs.map((expr) => {
      const t = parseThreshold(expr);
      const series = metrics[metric];
      if (!series) return { metric, expr, value: null, ok: false };
      const value = statOf(t, series);
      return { metric, expr, value, ok: compare[t.op](value, t.limit) };
    }),
  );
}

module.exports = { parseThreshold, percentile, evaluateThresholds };
