const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');

/** Offered load: one essay every INTERVAL_MS (4 a second), N in all, whatever the platform's pace. */
const N = 60;
const INTERVAL_MS = 250;
const POLL_MS = 50;

module.exports = {
  title: 'Grading pipeline end to end (built-in grader), steady offered load',
  measures: `${N} distinct .txt EEs (the ~360-word essay of the system tests plus a tag: an unchanged essay would be answered from the stored result) submitted at a steady ${1000 / INTERVAL_MS} a second (open loop: a new one every ${INTERVAL_MS} ms whether or not earlier ones are done), through gateway → evaluation → billing → JetStream → grading worker (built-in grader) → evaluation; each polled every ${POLL_MS} ms. Time from POST to the 201 (what the browser waits for) and to status completed; essays graded per minute over the run.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    const text = essayText();
    const accept = [];
    const total = [];
    const tag = Date.now().toString(36);
    const started = Date.now();
    let lastDone = started;
    const one = async (i) => {
      const form = new FormData();
      form.append('title', 'Bench essay');
      form.append('essay_type', 'ee');
      form.append('rubric_id', rubric.id);
      form.append('file', new Blob([`${text}\n\nBench essay ${tag}-${i}.`], { type: 'text/plain' }), 'essay.txt');
      const t0 = Date.now();
      const up = await call('POST', '/evaluation/evaluate-async', { token, form });
      if (up.status >= 300) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
      accept.push(Date.now() - t0);
      for (let tries = 0; tries < 1200; tries++) {
        const ev = (await call('GET', `/evaluation/${up.body.id}`, { token })).body;
        if (ev.status === 'failed') throw new Error(`essay ${i} failed: ${ev.error_message}`);
        if (ev.status === 'completed') {
          if (ev.reused_from) throw new Error(`essay ${i} was answered from a stored result, not graded`);
          break;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      total.push(Date.now() - t0);
      lastDone = Math.max(lastDone, Date.now());
    };
    const inFlight = [];
    for (let i = 0; i < N; i++) {
      inFlight.push(one(i));
      await new Promise((r) => setTimeout(r, INTERVAL_MS));
    }
    await Promise.all(inFlight);
    const minutes = (lastDone - started) / 60_000;
    const pct = (arr, p) => [...arr].sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor((p / 100) * arr.length))];
    return [
      { figure: 'accepted (POST answered)', 'p50 ms': pct(accept, 50), 'p95 ms': pct(accept, 95) },
      { figure: 'submit → completed', 'p50 ms': pct(total, 50), 'p95 ms': pct(total, 95) },
      {
        figure: 'ratio completed/accepted',
        'p50 ms': round(pct(total, 50) / pct(accept, 50), 2),
        'p95 ms': round(pct(total, 95) / pct(accept, 95), 2),
      },
      { figure: `graded per minute (offered ${(60_000 / INTERVAL_MS).toFixed(0)}/min)`, 'p50 ms': round(N / minutes, 0), 'p95 ms': '' },
    ];
  },
};
