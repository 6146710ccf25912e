const path = require('node:path');
const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');
const { modelReply, requireTs, startGrading } = require('./fake-model');

const ESSAYS = 100;
const MODEL_DELAY_MS = 2000;
const POLL_MS = 250;

/** The platform's grading process swapped for one configured for the OpenAI grader. */
async function startModelGrading(platform, fakeUrl) {
  await platform.stopProcess('grading');
  const child = await startGrading(
    {
      ...process.env,
      ...platform.env,
      LOG_LEVEL: 'info', // its 'graded' lines carry each job's time in the worker
      GRADER: 'openai',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: fakeUrl,
      OPENAI_MODEL: 'bench-model',
      // A remote grader waits on the network: one replica can have every essay in flight.
      GRADING_CONCURRENCY: String(ESSAYS),
      // The fake here has no rate limit: this measures orchestration, not a shared budget
      // (shared-budget.bench.js measures that).
      GRADING_BUDGET: 'off',
    },
    { pipeStdout: true, what: 'the grading process configured for OpenAI' },
  );
  child.workerMs = [];
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    const lines = (buffer + chunk.toString()).split('\n');
    buffer = lines.pop();
    for (const line of lines) {
      const m = /"ms":(\d+).*"msg":"graded"|"msg":"graded".*"ms":(\d+)/.exec(line);
      if (m) child.workerMs.push(Number(m[1] ?? m[2]));
    }
  });
  return child;
}

module.exports = {
  title: 'Grading with a model: 100 concurrent essays, fake OpenAI answering in 2 s',
  measures: `${ESSAYS} .txt EEs submitted at once through the gateway; grading runs GRADER=openai (the real SDK, GRADING_CONCURRENCY=${ESSAYS}) against an OpenAI-compatible fake on loopback that answers every request after ${MODEL_DELAY_MS / 1000} s. Total wall time from the first submit to the last stored result, against the ${MODEL_DELAY_MS / 1000} s floor: the ratio is the orchestration overhead (upload, credit, outbox, JetStream, worker, evaluation, one poller reading the completed list every ${POLL_MS} ms), and a ratio far above 1 would mean essays waited for each other. Accepted → stored separates grading from intake.`,
  async run(platform) {
    const { FakeOpenAI } = requireTs(path.join(__dirname, '..', 'support', 'fake-openai.ts'));
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call, 'model-grading'); // its poller reads this teacher's list
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    const reply = modelReply(rubric.scoring_structure.criteria);
    const fake = await new FakeOpenAI().start();
    fake.always({ content: JSON.stringify(reply), delayMs: MODEL_DELAY_MS });
    const grading = await startModelGrading(platform, fake.baseURL);
    try {
      const text = essayText();
      const accepted = new Map(); // id → ms from the start
      const stored = new Map(); // id → ms from the start
      const graders = {};
      const started = Date.now();
      // One poller for all essays (the list of completed ones), so that polling does not load the platform.
      let submitting = true;
      const poll = (async () => {
        while (submitting || stored.size < accepted.size) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          for (const status of ['completed', 'failed']) {
            const list = (await call('GET', `/evaluation/my-evaluations?status=${status}`, { token })).body.evaluations;
            for (const ev of list) {
              if (!accepted.has(ev.id) || stored.has(ev.id)) continue;
              stored.set(ev.id, Date.now() - started);
              const who = status === 'completed' ? ev.results.grader : 'failed';
              graders[who] = (graders[who] ?? 0) + 1;
            }
          }
          if (Date.now() - started > 180_000) throw new Error(`only ${stored.size} of ${ESSAYS} results after 180 s`);
        }
      })();
      try {
        await Promise.all(
          Array.from({ length: ESSAYS }, async (_, i) => {
            const form = new FormData();
            form.append('title', 'Bench essay');
            form.append('essay_type', 'ee');
            form.append('rubric_id', rubric.id);
            // distinct texts: an unchanged essay (e.g. one an earlier benchmark graded) is answered from the stored result
            form.append('file', new Blob([`${text}\n\nModel bench ${started}-${i}.`], { type: 'text/plain' }), 'essay.txt');
            const up = await call('POST', '/evaluation/evaluate-async', { token, form });
            if (up.status >= 300) throw new Error(`upload: ${up.status} ${JSON.stringify(up.body)}`);
            accepted.set(up.body.id, Date.now() - started);
          }),
        );
      } finally {
        submitting = false;
      }
      await poll;
      const ids = [...accepted.keys()];
      const afterAccept = ids.map((id) => stored.get(id) - accepted.get(id));
      const wall = Math.max(...stored.values());
      const lastAccepted = Math.max(...accepted.values());
      const pct = (arr, p) => [...arr].sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor((p / 100) * arr.length))];
      const row = (figure, ms) => ({ figure, seconds: round(ms / 1000, 2), 'vs floor': round(ms / MODEL_DELAY_MS, 2) });
      return [
        row('floor (one model answer)', MODEL_DELAY_MS),
        row(`all ${ESSAYS} accepted (intake)`, lastAccepted),
        row('in the grading worker (model call included), p50', pct(grading.workerMs, 50)),
        row('in the grading worker, max', Math.max(...grading.workerMs)),
        row('accepted → result stored, p50', pct(afterAccept, 50)),
        row('accepted → result stored, max', Math.max(...afterAccept)),
        row(`total wall time (${ESSAYS} essays)`, wall),
        {
          figure: `model requests / graded by: ${Object.entries(graders)
            .map(([g, n]) => `${g} ${n}`)
            .join(', ')}`,
          seconds: fake.requests.length,
          'vs floor': '',
        },
      ];
    } finally {
      grading.kill('SIGTERM');
      await new Promise((r) => grading.once('exit', r));
      await fake.stop();
      await platform.startProcess('grading');
    }
  },
};
