const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');

const CLIENTS = 50;
const PER_ROUTE = 250;
const WORDS = 4000;

/** A 4,000-word essay made from the system-test essay; `tag` makes each one distinct (unchanged ones are free and skip the charge). */
function essay(tag) {
  const words = essayText().split(/\s+/).filter(Boolean);
  return `${tag}\n${Array.from({ length: WORDS - 1 }, (_, i) => words[i % words.length]).join(' ')}`;
}

/** `total` multipart uploads by `clients` concurrent clients, back to back; accept latency of each. */
async function intake(url, token, rubricId, clients, total) {
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (sent < total) {
        const n = sent++;
        const form = new FormData();
        form.append('title', 'Intake bench');
        form.append('essay_type', 'ee');
        form.append('rubric_id', rubricId);
        form.append('file', new Blob([essay(`intake-${started}-${n}`)], { type: 'text/plain' }), 'essay.txt');
        const t0 = process.hrtime.bigint();
        const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).catch(() => null);
        if (res) await res.arrayBuffer();
        if (!res || res.status !== 201) errors++;
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { requests: latencies.length, errors, rps: latencies.length / seconds, p50: pct(50), p99: pct(99) };
}

module.exports = {
  title: `Intake: evaluate-async with a ${WORDS.toLocaleString('en')}-word .txt, ${CLIENTS} concurrent clients`,
  measures: `${PER_ROUTE} uploads of a distinct ${WORDS}-word .txt EE (~25 KB) by ${CLIENTS} concurrent clients, each sending back to back: through the gateway (/api/v1/evaluation/evaluate-async) and straight to the evaluation service with the same bearer token. Each upload is parsed, checked, charged (billing RPC) and queued (outbox). The grading process is stopped while intake is measured, so the figures are intake alone; afterwards the backlog is graded and drained (built-in grader) and that rate is reported too.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    await platform.stopProcess('grading');
    let viaGateway;
    let direct;
    try {
      // a short warm-up of both paths (connections, JIT), not counted
      await intake(`${platform.gatewayUrl}/api/v1/evaluation/evaluate-async`, token, rubric.id, 5, 10);
      await intake(`${platform.urls.evaluation}/evaluation/evaluate-async`, token, rubric.id, 5, 10);
      viaGateway = await intake(`${platform.gatewayUrl}/api/v1/evaluation/evaluate-async`, token, rubric.id, CLIENTS, PER_ROUTE);
      direct = await intake(`${platform.urls.evaluation}/evaluation/evaluate-async`, token, rubric.id, CLIENTS, PER_ROUTE);
    } finally {
      await platform.startProcess('grading');
    }
    // Drain the backlog so the next benchmark starts from an idle platform.
    const t0 = Date.now();
    let left = Infinity;
    let queued = 0;
    while (Date.now() - t0 < 600_000) {
      const counts = await Promise.all(
        ['pending', 'processing'].map(async (s) => (await call('GET', `/evaluation/my-evaluations?status=${s}`, { token })).body.total),
      );
      left = counts[0] + counts[1];
      if (queued === 0) queued = left;
      if (left === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const drainSeconds = (Date.now() - t0) / 1000;
    const row = (name, r) => ({
      path: name,
      'uploads/s': round(r.rps, 1),
      'p50 ms': round(r.p50, 0),
      'p99 ms': round(r.p99, 0),
      uploads: r.requests,
      errors: r.errors,
    });
    return [
      row('via gateway', viaGateway),
      row('evaluation direct', direct),
      {
        path: 'ratio gateway/direct',
        'uploads/s': round(viaGateway.rps / direct.rps, 2),
        'p50 ms': round(viaGateway.p50 / direct.p50, 2),
        'p99 ms': round(viaGateway.p99 / direct.p99, 2),
        uploads: '',
        errors: '',
      },
      {
        path: `backlog graded (built-in, ${WORDS} words)`,
        'uploads/s': left === 0 ? `${round((queued / drainSeconds) * 60, 0)} essays/min` : `${left} left after 600 s`,
        'p50 ms': '',
        'p99 ms': '',
        uploads: queued,
        errors: '',
      },
    ];
  },
};
