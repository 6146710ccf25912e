const { load, round, median } = require('./load');

const ROUNDS = 3;
const DURATION_MS = 4000;
const CONNECTIONS = 16;
/**
 * Each side is warmed up at full load first. After other traffic (the admin-frontend bench: Chromium
 * loading /admin) V8 re-optimises the gateway's HTTP code for the new object shapes it saw; the first
 * 4 s after it cost 71 µs of gateway CPU per request, the next 61 (docs/performance.md §1, fifth round).
 */
const WARM_UP_MS = 3000;
const RATIO_GOAL = 0.45;
const reqs = (n) => round(n, 0).toLocaleString('en');
const ADDED_P99_GOAL_MS = 5;

module.exports = {
  title: 'Gateway proxy overhead',
  measures: `Requests/s and latency of GET /plans/plans (a small public JSON answer from billing) asked straight of billing and through the gateway at /api/v1, by wrk with ${CONNECTIONS} keep-alive connections for ${DURATION_MS / 1000} s a run, the two sides alternated ${ROUNDS} times after a ${WARM_UP_MS / 1000} s warm-up of each at the same load (the load generator shares the 2 cores with the servers). The ratio is of the medians; p99 added is the median p99 via the gateway minus the median p99 direct. Goals (issue 12): ratio ≥ ${RATIO_GOAL}, p99 added ≤ ${ADDED_P99_GOAL_MS} ms.`,
  async run(platform) {
    const directUrl = `${platform.urls.billing}/plans/plans`;
    const proxiedUrl = `${platform.gatewayUrl}/api/v1/plans/plans`;
    const opts = { connections: CONNECTIONS, durationMs: DURATION_MS };
    await load(directUrl, { ...opts, durationMs: WARM_UP_MS });
    await load(proxiedUrl, { ...opts, durationMs: WARM_UP_MS });
    const direct = [];
    const proxied = [];
    for (let i = 0; i < ROUNDS; i++) {
      direct.push(await load(directUrl, opts));
      proxied.push(await load(proxiedUrl, opts));
    }
    const own = await load(`${platform.gatewayUrl}/livez`, opts);
    const row = (name, r) => ({
      path: name,
      'req/s': round(r.rps, 0),
      'p50 ms': round(r.p50, 2),
      'p99 ms': round(r.p99, 2),
      errors: r.errors,
    });
    const med = (runs) => ({
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
    });
    const d = med(direct);
    const g = med(proxied);
    const ratio = g.rps / d.rps;
    const addedP99 = g.p99 - d.p99;
    const errors = d.errors + g.errors;
    const rows = [];
    for (let i = 0; i < ROUNDS; i++)
      rows.push(row(`billing direct, run ${i + 1}`, direct[i]), row(`via gateway, run ${i + 1}`, proxied[i]));
    rows.push(row('billing direct, median', d), row('via gateway, median', g), row('gateway /livez (no proxy)', own), {
      path: 'ratio gateway/direct (medians)',
      'req/s': round(ratio, 2),
      'p50 ms': round(g.p50 / d.p50, 2),
      'p99 ms': round(g.p99 / d.p99, 2),
      errors: '',
    });
    const noErrors = errors === 0 ? '' : ` (${errors} errors)`;
    return {
      rows,
      summary: [
        {
          what: 'GET /plans/plans via gateway ÷ direct (req/s ratio)',
          now: `${round(ratio, 2)} (${reqs(g.rps)} vs ${reqs(d.rps)} req/s)${noErrors}`,
          goal: `>= ${RATIO_GOAL}`,
          met: ratio >= RATIO_GOAL && errors === 0,
        },
        {
          what: 'p99 added by the gateway',
          now: `${round(addedP99, 1)} ms (p99 ${round(g.p99, 1)} vs ${round(d.p99, 1)} ms)`,
          goal: `<= ${ADDED_P99_GOAL_MS} ms`,
          met: addedP99 <= ADDED_P99_GOAL_MS && errors === 0,
        },
      ],
    };
  },
};
