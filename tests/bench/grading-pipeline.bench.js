const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');

module.exports = {
  title: 'Grading pipeline end to end',
  measures:
    'Time from POST /evaluation/evaluate-async (the ~360-word .txt EE of the system tests) to status completed, through gateway → evaluation → billing → JetStream → grading worker (built-in grader) → evaluation; 40 essays, 8 submitted at a time, polled every 50 ms. Compares the accept latency (what the browser waits for) with the full time to a result.',
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    const text = essayText();
    const accept = [];
    const total = [];
    const started = Date.now();
    let next = 0;
    const N = 40;
    const worker = async () => {
      while (next < N) {
        next++;
        const form = new FormData();
        form.append('title', 'Bench essay');
        form.append('essay_type', 'ee');
        form.append('rubric_id', rubric.id);
        form.append('file', new Blob([text], { type: 'text/plain' }), 'essay.txt');
        const t0 = Date.now();
        const up = await call('POST', '/evaluation/evaluate-async', { token, form });
        if (up.status >= 300) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
        accept.push(Date.now() - t0);
        for (let i = 0; i < 600; i++) {
          const ev = (await call('GET', `/evaluation/${up.body.id}`, { token })).body;
          if (ev.status === 'completed' || ev.status === 'failed') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        total.push(Date.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const seconds = (Date.now() - started) / 1000;
    const pct = (arr, p) => [...arr].sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor((p / 100) * arr.length))];
    return [
      { figure: 'accepted (POST answered)', 'p50 ms': pct(accept, 50), 'p95 ms': pct(accept, 95) },
      { figure: 'completed (result stored)', 'p50 ms': pct(total, 50), 'p95 ms': pct(total, 95) },
      { figure: 'ratio completed/accepted', 'p50 ms': round(pct(total, 50) / pct(accept, 50), 2), 'p95 ms': round(pct(total, 95) / pct(accept, 95), 2) },
      { figure: 'throughput essays/min', 'p50 ms': round((N / seconds) * 60, 0), 'p95 ms': '' },
    ];
  },
};
