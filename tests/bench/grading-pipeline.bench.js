const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');
const intake = require('./intake.bench');

/** Offered load: half the intake capacity (accepted/s via the gateway with grading running), for DURATION_MS. */
const DURATION_MS = 12_000;
const MAX_ESSAYS = 1200;
const WORDS = 4000;
const GOAL_P95_MS = 1000;

function essay(tag) {
  const words = essayText().split(/\s+/).filter(Boolean);
  return `${tag}\n${Array.from({ length: WORDS - 1 }, (_, i) => words[i % words.length]).join(' ')}`;
}

const pct = (arr, p) => [...arr].sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor((p / 100) * arr.length))];

module.exports = {
  title: 'Grading pipeline end to end (built-in grader), steady offered load at half the intake capacity',
  measures: `Distinct ${WORDS}-word .txt EEs submitted through the gateway at a steady rate (open loop: one every 1/rate s whether or not earlier ones are done) of half the intake capacity — the accepted/s the intake bench measured in this run, or a short intake run of its own when it did not run — for ${DURATION_MS / 1000} s: gateway → evaluation → billing → outbox → JetStream → grading worker (built-in) → evaluation. Submit → completed is the evaluation's completed_at (set by the server when the result is stored) minus the moment the upload was sent; the client does not poll each essay (the polling would load the cores it measures): it waits until nothing is pending or processing, then reads each evaluation once.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    await intake.drain(call, token);
    let capacity = intake.measured?.rps;
    if (!capacity) {
      capacity = (await intake.measureIntake(platform, { token, rubricId: rubric.id })).gateway.rps;
      await intake.drain(call, token);
    }
    const rate = Math.max(0.5, capacity / 2);
    const count = Math.min(MAX_ESSAYS, Math.max(5, Math.round((rate * DURATION_MS) / 1000)));
    const tag = Date.now().toString(36);
    const sent = new Map(); // id → ms when the upload was sent
    const accept = [];
    let refused = 0;
    const started = Date.now();
    const inFlight = [];
    for (let i = 0; i < count; i++) {
      const due = started + (i * 1000) / rate;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
      inFlight.push(
        (async () => {
          const form = new FormData();
          form.append('title', 'Pipeline bench');
          form.append('essay_type', 'ee');
          form.append('rubric_id', rubric.id);
          form.append('file', new Blob([essay(`pipeline-${tag}-${i}`)], { type: 'text/plain' }), 'essay.txt');
          const t0 = Date.now();
          const up = await call('POST', '/evaluation/evaluate-async', { token, form }).catch(() => null);
          if (!up || up.status !== 201) return void refused++;
          accept.push(Date.now() - t0);
          sent.set(up.body.id, t0);
        })(),
      );
    }
    await Promise.all(inFlight);
    const backlog = await intake.drain(call, token);
    const total = [];
    let failed = 0;
    let lastDone = started;
    for (const [id, t0] of sent) {
      const ev = (await call('GET', `/evaluation/${id}`, { token })).body;
      if (ev.status !== 'completed' || ev.reused_from) failed++;
      else {
        const done = Date.parse(ev.completed_at);
        total.push(done - t0);
        lastDone = Math.max(lastDone, done);
      }
    }
    const minutes = (lastDone - started) / 60_000;
    const p95 = total.length ? pct(total, 95) : Infinity;
    const rows = [
      { figure: `offered (half of ${round(capacity, 1)} accepted/s)`, value: `${round(rate, 1)} essays/s, ${count} essays` },
      { figure: 'accepted (POST answered 201)', value: `p50 ${pct(accept, 50)} ms, p95 ${pct(accept, 95)} ms, ${refused} refused` },
      { figure: 'submit → completed', value: `p50 ${pct(total, 50)} ms, p95 ${p95} ms, max ${Math.max(...total)} ms` },
      { figure: 'not completed', value: `${failed}${backlog.left ? ` (${backlog.left} still queued after 600 s)` : ''}` },
      { figure: 'graded per minute', value: round(total.length / minutes, 0) },
    ];
    const summary = [
      {
        what: `submit→completed p95 at half the intake capacity (steady, ${round(rate, 1)}/s, builtin, ${WORDS.toLocaleString('en')} words)`,
        now: `p95 ${p95} ms (p50 ${pct(total, 50)} ms)${failed || refused ? `, ${failed + refused} not completed` : ''}`,
        goal: `p95 ≤ ${GOAL_P95_MS} ms`,
        met: p95 <= GOAL_P95_MS && failed === 0 && refused === 0,
      },
    ];
    return { rows, summary };
  },
};
