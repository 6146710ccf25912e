const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { median, round, wrkPath } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');
const { addCpuSpent, cpuPerItem, cpuSnapshot } = require('./cpu-time');

const CONNECTIONS = 16;
const ROUNDS = 3;
const DURATION_S = 4;
const WARM_UP_S = 4;
const WORDS = 4000;
const GOAL = { rps: 200, p99: 200 };
const BOUNDARY = 'corestonebenchboundary';

/** A 4,000-word essay made from the system-test essay. */
function essayBody() {
  const words = essayText().split(/\s+/).filter(Boolean);
  return Array.from({ length: WORDS - 1 }, (_, i) => words[i % words.length]).join(' ');
}

const luaString = (s) => `"${[...Buffer.from(s)].map((b) => `\\${b}`).join('')}"`;

/**
 * Uploads by wrk (tests/bench/load.js) with `connections` keep-alive connections for `seconds`,
 * every body a distinct essay: load() sends one fixed request, and an unchanged essay would be
 * answered from its stored result at no charge and without grading, so the Lua script numbers each
 * upload's first line. Accepted = answered 201. Result shape as load(): {requests, errors, rps, p50, p99}.
 */
async function uploads(url, { token, rubricId, connections, seconds, tag }) {
  const field = (name, value) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('title', 'Intake bench') +
    field('essay_type', 'ee') +
    field('rubric_id', rubricId) +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="essay.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const tail = `\n${essayBody()}\r\n--${BOUNDARY}--\r\n`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-intake-'));
  try {
    fs.writeFileSync(path.join(dir, 'head'), head);
    fs.writeFileSync(path.join(dir, 'tail'), tail);
    const script = path.join(dir, 'upload.lua');
    fs.writeFileSync(
      script,
      [
        `local function read(p) local f = assert(io.open(p, "rb")) local s = f:read("*a") f:close() return s end`,
        `local head, tail = read(${luaString(path.join(dir, 'head'))}), read(${luaString(path.join(dir, 'tail'))})`,
        `wrk.method = "POST"`,
        `wrk.headers["authorization"] = ${luaString(`Bearer ${token}`)}`,
        `wrk.headers["content-type"] = "multipart/form-data; boundary=${BOUNDARY}"`,
        `n, accepted = 0, 0`,
        `function request() n = n + 1 return wrk.format(nil, nil, nil, head .. ${luaString(tag)} .. "-" .. n .. tail) end`,
        `function response(status) if status == 201 then accepted = accepted + 1 end end`,
        `local threads = {}`,
        `function setup(t) table.insert(threads, t) end`,
        `function done(s, lat)`,
        `  local a = 0 for _, t in ipairs(threads) do a = a + t:get("accepted") end`,
        `  local e = s.errors`,
        `  io.write(string.format("RESULT {\\"requests\\":%d,\\"accepted\\":%d,\\"socket\\":%d,\\"us\\":%d,\\"p50\\":%d,\\"p99\\":%d}\\n",`,
        `    s.requests, a, e.connect + e.read + e.write + e.timeout, s.duration, lat:percentile(50), lat:percentile(99)))`,
        `end`,
      ].join('\n'),
    );
    const out = await new Promise((resolve, reject) => {
      const child = spawn(wrkPath() ?? 'wrk', [
        '-t',
        '1',
        '-c',
        String(connections),
        '-d',
        `${seconds}s`,
        '--timeout',
        '10s',
        '-s',
        script,
        url,
      ]);
      let text = '';
      child.stdout.on('data', (c) => (text += c));
      child.stderr.on('data', (c) => (text += c));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    const line = out.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) throw new Error(`wrk gave no figures: ${out.trim().slice(0, 300)}`);
    const r = JSON.parse(line.slice('RESULT '.length));
    return {
      requests: r.requests,
      accepted: r.accepted,
      errors: r.requests - r.accepted + r.socket,
      rps: r.accepted / (r.us / 1e6),
      p50: r.p50 / 1000,
      p99: r.p99 / 1000,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Rounds alternating gateway and direct; the median of each. `measured` keeps the gateway figure for the pipeline bench. */
async function measureIntake(platform, { token, rubricId }) {
  const gateway = `${platform.gatewayUrl}/api/v1/evaluation/evaluate-async`;
  const direct = `${platform.urls.evaluation}/evaluation/evaluate-async`;
  const tag = Date.now().toString(36);
  const opts = (name, i) => ({ token, rubricId, connections: CONNECTIONS, seconds: DURATION_S, tag: `${tag}-${name}-${i}` });
  // A warm-up of both paths at full load, not counted, then its backlog graded: the runs measure
  // processes whose code V8 has optimised, as in production, where they run for days. (A fresh
  // process runs most of an upload's code in V8's baseline tier for its first thousand or so
  // uploads: measured cold, the first 4 s run gave ~20 % fewer accepted/s than the third.)
  await uploads(gateway, { ...opts('warm-g', 0), seconds: WARM_UP_S });
  await uploads(direct, { ...opts('warm-d', 0), seconds: WARM_UP_S });
  await drain(api(platform.gatewayUrl), token);
  const runs = { gateway: [], direct: [] };
  // CPU of every process during the via-gateway runs, per upload accepted in them.
  const spent = {};
  for (let i = 0; i < ROUNDS; i++) {
    const before = cpuSnapshot(platform);
    const run = await uploads(gateway, opts('g', i));
    addCpuSpent(spent, before, cpuSnapshot(platform));
    runs.gateway.push(run);
    runs.direct.push(await uploads(direct, opts('d', i)));
  }
  const pick = (rs) => ({
    rps: median(rs.map((r) => r.rps)),
    p50: median(rs.map((r) => r.p50)),
    p99: median(rs.map((r) => r.p99)),
    requests: rs.reduce((s, r) => s + r.requests, 0),
    errors: rs.reduce((s, r) => s + r.errors, 0),
  });
  const accepted = runs.gateway.reduce((n, r) => n + r.accepted, 0);
  const result = { gateway: pick(runs.gateway), direct: pick(runs.direct), cpu: accepted > 0 ? cpuPerItem(spent, accepted) : null };
  module.exports.measured = result.gateway;
  return result;
}

/** Waits until none of the user's evaluations is pending or processing; how many were and how long it took. */
async function drain(call, token, limitMs = 600_000) {
  const t0 = Date.now();
  let queued = 0;
  let left = Infinity;
  while (Date.now() - t0 < limitMs) {
    const counts = await Promise.all(
      ['pending', 'processing'].map(async (s) => (await call('GET', `/evaluation/my-evaluations?status=${s}`, { token })).body.total),
    );
    left = counts[0] + counts[1];
    if (queued === 0) queued = left;
    if (left === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { queued, left, seconds: (Date.now() - t0) / 1000 };
}

module.exports = {
  title: `Intake: evaluate-async with a ${WORDS.toLocaleString('en')}-word .txt, ${CONNECTIONS} connections, built-in grading running`,
  measures: `Distinct ${WORDS}-word .txt EEs (~27 KB multipart; each numbered, since an unchanged essay is answered from its stored result) uploaded by wrk over ${CONNECTIONS} keep-alive connections, ${DURATION_S} s a run, alternating gateway (/api/v1/evaluation/evaluate-async) and straight to evaluation ${ROUNDS} times (medians), after a ${WARM_UP_S} s warm-up of each path at the same load whose backlog is graded before the runs. Each upload is parsed, checked (rubric and user look-ups), written, charged (billing RPC) and queued (outbox); the grading worker runs meanwhile and grades what was accepted on the same cores. accepted/s counts 201 answers. The CPU row is counted work from /proc: the CPU time of every platform process, Postgres's backends and nats-server during the via-gateway runs, divided by the uploads accepted in them (grading done meanwhile included, the backlog left after the runs not). Afterwards the backlog is drained.`,
  uploads,
  measureIntake,
  drain,
  measured: null,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    await drain(call, token); // start from an idle pipeline
    const { gateway, direct, cpu } = await measureIntake(platform, { token, rubricId: rubric.id });
    const backlog = await drain(call, token);
    const row = (name, r) => ({
      path: name,
      'accepted/s': round(r.rps, 1),
      'p50 ms': round(r.p50, 0),
      'p99 ms': round(r.p99, 0),
      uploads: r.requests,
      errors: r.errors,
    });
    const rows = [
      row('via gateway', gateway),
      row('evaluation direct', direct),
      {
        path: 'ratio gateway/direct',
        'accepted/s': round(gateway.rps / direct.rps, 2),
        'p50 ms': round(gateway.p50 / direct.p50, 2),
        'p99 ms': round(gateway.p99 / direct.p99, 2),
        uploads: '',
        errors: '',
      },
      {
        // Counted work: where an upload's milliseconds go, process by process.
        path: 'CPU ms per upload accepted via the gateway (all processes during those runs, grading meanwhile included)',
        'accepted/s': cpu ? `${round(cpu.total, 1)} ms in all` : '',
        'p50 ms': '',
        'p99 ms': '',
        uploads: cpu
          ? Object.entries(cpu.per)
              .sort((a, b) => b[1] - a[1])
              .map(([name, ms]) => `${name} ${round(ms, 1)}`)
              .join(', ')
          : '',
        errors: '',
      },
      {
        path: `backlog left when the runs ended, graded (built-in, ${WORDS} words)`,
        'accepted/s': backlog.left === 0 ? `${backlog.queued} in ${round(backlog.seconds, 1)} s` : `${backlog.left} left after 600 s`,
        'p50 ms': '',
        'p99 ms': '',
        uploads: backlog.queued,
        errors: '',
      },
    ];
    const summary = [
      {
        what: `evaluate-async via gateway, ${WORDS.toLocaleString('en')}-word .txt, builtin grading running (${CONNECTIONS} conn.)`,
        now: `${round(gateway.rps, 0)} accepted/s, p99 ${round(gateway.p99, 0)} ms${gateway.errors ? `, ${gateway.errors} errors` : ''}`,
        goal: `≥ ${GOAL.rps} accepted/s, p99 ≤ ${GOAL.p99} ms`,
        met: gateway.rps >= GOAL.rps && gateway.p99 <= GOAL.p99 && gateway.errors === 0,
      },
    ];
    return { rows, summary };
  },
};
