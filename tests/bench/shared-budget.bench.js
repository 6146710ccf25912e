/**
 * Issue 33 §1: three grading replicas share one provider budget (Redis) and queue essays fairly
 * across schools, against the fake OpenAI-compatible server enforcing a TPM/RPM limit as OpenAI does
 * (429 with x-ratelimit-* reset headers). 500 essays of school A, then 20 of school B.
 *
 * The clock is scaled down ten times so the run takes about two minutes instead of twenty: the
 * provider's window is 6 s instead of 60 s with the same 300,000 tokens in it (so 300,000 tokens
 * per 6 s), and the fake model answers in 1.5 s instead of ~15 s. Every ratio is kept: ~30 essays
 * per window, the replies' share of a window, B's delay measured in windows; "2 minutes" is 12 s here.
 * Jobs are published straight onto the work queue (evaluation.submitted.v1, as evaluation writes
 * them), so intake does not throttle the burst: the budget is what is measured.
 */
const path = require('node:path');
const { Events } = require('@corestone/contracts');
const { connectBus, publishEvent, newId } = require('@corestone/service-kit');
const { round } = require('./load');
const { essayText } = require('./platform-api');
const { modelReply, requireTs, startGrading } = require('./fake-model');
const { cpuSeconds, machine } = require('./cpu-time');

const SCALE = 10; // the clock runs ten times faster than the provider's
const WINDOW_MS = 60_000 / SCALE;
const TPM = 300_000; // tokens per (scaled) window
const RPM = 500;
const REPLY_MS = 15_000 / SCALE;
const REPLICAS = 3;
const SCHOOL_A = 500;
const SCHOOL_B = 20;
/** Essay characters for ~10,000 charged tokens (characters / 4, plus the prompt and max_tokens 3,000: docs/capacity.md). */
const ESSAY_CHARS = 22_000;
const B_GOAL_MS = 120_000 / SCALE;

module.exports = {
  title: `Shared model budget: ${REPLICAS} grading replicas, ${TPM.toLocaleString('en')} TPM, ${SCHOOL_A} essays of school A then ${SCHOOL_B} of school B`,
  measures: `Clock scaled ×${SCALE}: a ${WINDOW_MS / 1000} s provider window holding ${TPM.toLocaleString('en')} tokens and ${RPM} requests (the fake server's limit, enforced with 429s and x-ratelimit-* headers as OpenAI does), model replies in ${REPLY_MS / 1000} s; ~10,000 tokens per essay (input + max_tokens). Used throughput = tokens the provider admitted ÷ what it allowed over the run (the full bucket at the start + the limit's rate × the run); essays failed or fallen back for rate limiting; how long after its submission each school B essay's model request was sent (goal: within 2 minutes = ${B_GOAL_MS / 1000} s on this clock); CPU of the grading replicas per essay.`,
  async run(platform) {
    const { FakeOpenAI } = requireTs(path.join(__dirname, '..', 'support', 'fake-openai.ts'));
    const { job, EE_RUBRIC } = requireTs(path.join(__dirname, '..', '..', 'services', 'grading', 'test', 'rubrics.ts'));
    const reply = modelReply(EE_RUBRIC.scoring_structure.criteria);
    const fake = await new FakeOpenAI().start();
    fake.always({ content: JSON.stringify(reply), delayMs: REPLY_MS });
    fake.rateLimit({ tokensPerWindow: TPM, requestsPerWindow: RPM, windowMs: WINDOW_MS });
    const env = {
      ...process.env,
      ...platform.env,
      LOG_LEVEL: 'warn',
      GRADER: 'openai',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_MODEL: 'bench-model',
      OPENAI_TPM: String(TPM),
      OPENAI_RPM: String(RPM),
      OPENAI_RATE_WINDOW_MS: String(WINDOW_MS),
      // each replica holds up to 256 essays in the fair queue: together the whole burst
      GRADING_CONCURRENCY: '256',
      GRADING_BUDGET: 'redis',
    };
    await platform.stopProcess('grading');
    const replicas = [];
    const bus = await connectBus({ url: platform.env.NATS_URL, prefix: platform.env.NATS_PREFIX, name: 'bench-shared-budget' });
    try {
      for (let i = 0; i < REPLICAS; i++) replicas.push(await startGrading(env, { what: `grading replica ${i}` }));
      const base = essayText();
      const text = (marker) => `${marker}\n\n${base.repeat(Math.ceil(ESSAY_CHARS / base.length)).slice(0, ESSAY_CHARS)}\n\n${marker}`;
      const submitted = new Map(); // evaluation id → { school, at, marker }
      const outcomes = new Map(); // evaluation id → grader | 'failed'
      const subs = [Events.gradingCompleted, Events.gradingFailed].map((e) => {
        const sub = bus.nc.subscribe(bus.subject(e.subject));
        (async () => {
          for await (const m of sub) {
            const ev = JSON.parse(new TextDecoder().decode(m.data));
            if (submitted.has(ev.data.evaluation_id)) outcomes.set(ev.data.evaluation_id, ev.data.grader ?? `failed: ${ev.data.code}`);
          }
        })();
        return sub;
      });
      const cpuBefore = replicas.map((c) => cpuSeconds(c.pid));
      const started = Date.now();
      const publish = async (school, n) => {
        for (let i = 0; i < n; i++) {
          const id = newId();
          const marker = `Bench essay ${school}-${i} ${started}`;
          const j = job(text(marker), { evaluation_id: id, user_id: newId(), school_id: `bench-school-${school}` });
          submitted.set(id, { school, at: Date.now(), marker });
          await publishEvent(bus, Events.evaluationSubmitted, j);
        }
      };
      await publish('A', SCHOOL_A);
      await publish('B', SCHOOL_B);
      const total = SCHOOL_A + SCHOOL_B;
      const limitMs = 60 * WINDOW_MS;
      while (outcomes.size < total) {
        if (Date.now() - started > limitMs) throw new Error(`only ${outcomes.size} of ${total} results after ${limitMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 250));
      }
      const wall = Date.now() - started;
      const cpu = replicas.reduce((s, c, i) => s + cpuSeconds(c.pid) - cpuBefore[i], 0);
      subs.forEach((s) => s.unsubscribe());

      // When each essay's first admitted model request was sent, from the fake's log.
      const firstSent = new Map();
      for (const r of fake.requests) {
        if (!r.admitted) continue;
        const content = r.body.messages?.[1]?.content ?? '';
        const m = /Bench essay ([AB])-(\d+) /.exec(content);
        if (m && !firstSent.has(`${m[1]}-${m[2]}`)) firstSent.set(`${m[1]}-${m[2]}`, r.at);
      }
      const delays = { A: [], B: [] };
      for (const s of submitted.values()) {
        const key = s.marker.split(' ')[2];
        delays[s.school].push(firstSent.get(key) - s.at);
      }
      const admitted = fake.usage.admitted;
      const usedTokens = admitted.reduce((s, a) => s + a.tokens, 0);
      const span = admitted[admitted.length - 1].at - admitted[0].at;
      const allowed = TPM + (TPM * span) / WINDOW_MS;
      const used = usedTokens / allowed;
      const perWindow = (usedTokens - TPM) / (span / WINDOW_MS);
      const fellBack = [...outcomes.values()].filter((g) => g !== 'openai').length;
      const bMax = Math.max(...delays.B);
      const sorted = (arr) => [...arr].sort((a, b) => a - b);
      const p50 = (arr) => sorted(arr)[Math.floor(arr.length / 2)];
      const cpuPerEssay = (cpu * 1000) / total;
      const s = (ms) => round(ms / 1000, 1);
      const real = (ms) => `${round((ms * SCALE) / 60_000, 1)} min`;
      const rows = [
        { figure: 'machine', value: machine(), 'at provider scale': '' },
        { figure: `essays graded (A ${SCHOOL_A} + B ${SCHOOL_B})`, value: outcomes.size, 'at provider scale': '' },
        { figure: 'graded by the model / otherwise', value: `${total - fellBack} / ${fellBack}`, 'at provider scale': '' },
        { figure: 'requests refused by the provider (429)', value: fake.usage.refused, 'at provider scale': '' },
        { figure: 'tokens admitted by the provider', value: usedTokens, 'at provider scale': '' },
        { figure: 'tokens per window after the first (limit 300,000)', value: Math.round(perWindow), 'at provider scale': 'per minute' },
        { figure: 'used throughput ÷ allowed', value: `${round(used * 100, 1)} %`, 'at provider scale': '' },
        {
          figure: 'school B: submission → model request, p50 / max (s)',
          value: `${s(p50(delays.B))} / ${s(bMax)}`,
          'at provider scale': `${real(p50(delays.B))} / ${real(bMax)}`,
        },
        {
          figure: 'school A: submission → model request, p50 / max (s)',
          value: `${s(p50(delays.A))} / ${s(Math.max(...delays.A))}`,
          'at provider scale': `${real(p50(delays.A))} / ${real(Math.max(...delays.A))}`,
        },
        { figure: 'wall time (s)', value: s(wall), 'at provider scale': real(wall) },
        { figure: `CPU of the ${REPLICAS} grading replicas per essay (ms)`, value: round(cpuPerEssay, 1), 'at provider scale': '' },
      ];
      return {
        rows,
        summary: [
          {
            what: 'shared budget: used throughput of the provider limit',
            now: `${round(used * 100, 1)} %`,
            goal: '≥ 90 %',
            met: used >= 0.9,
          },
          { what: 'shared budget: essays failed or fallen back (rate limiting)', now: String(fellBack), goal: '0', met: fellBack === 0 },
          {
            what: "shared budget: school B's essays started within 2 minutes",
            now: `max ${real(bMax)} (${s(bMax)} s on the ×${SCALE} clock)`,
            goal: '≤ 2 min',
            met: bMax <= B_GOAL_MS,
          },
        ],
      };
    } finally {
      for (const c of replicas) c.kill('SIGTERM');
      await Promise.all(replicas.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
      await bus.close();
      await fake.stop();
      await platform.startProcess('grading');
    }
  },
};
