const { load, round, median } = require('./load');
const { api } = require('./platform-api');
const { addCpuSpent, cpuPerItem, cpuSnapshot } = require('./cpu-time');

const ROUNDS = 3;
const DURATION_MS = 4000;
/**
 * Each target is warmed at full load first. With 1 s the first via-gateway run measured the processes
 * still optimising (seven alternated runs on one platform: 2,104 then 3,400, 3,493, 3,067, …), as the
 * gateway-proxy bench found for its own warm-up.
 */
const WARM_UP_MS = 3000;
const CONNECTIONS = 16;
const RPS_GOAL = 2500;
const P99_GOAL_MS = 25;
const reqs = (n) => round(n, 0).toLocaleString('en');

/** A new student, signed up and then signed in through the gateway, as the browser does. */
async function studentToken(call) {
  const student = { email: `bench.me.${Date.now().toString(36)}@school.example`, password: 'bench-student-me-1' };
  const signup = await call('POST', '/auth/signup', {
    json: { ...student, first_name: 'Bench', last_name: 'Student', user_type: 'student' },
  });
  if (signup.status !== 201) throw new Error(`sign-up: ${signup.status} ${JSON.stringify(signup.body)}`);
  const login = await call('POST', '/auth/login', { json: { username: student.email, password: student.password } });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.access_token;
}

module.exports = {
  title: 'GET /auth/me: the signed-in user, asked on every page load',
  measures: `Requests/s and latency of GET /api/v1/auth/me through the gateway with a student's bearer token, and for comparison GET /auth/me straight to auth and GET /users/me straight to users with the same token; wrk, ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s a run, the three alternated ${ROUNDS} times after a ${WARM_UP_MS / 1000} s warm-up of each at the same load; medians. The CPU row is counted work from /proc: every platform process, Postgres's backends and nats-server during the via-gateway runs, divided by the answers in them. Every answer must be 200. Goal (issue 12): via the gateway ≥ ${RPS_GOAL.toLocaleString('en')} req/s with p99 ≤ ${P99_GOAL_MS} ms.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await studentToken(call);
    const init = { headers: { authorization: `Bearer ${token}` } };
    const targets = [
      { name: 'GET /auth/me via gateway', url: `${platform.gatewayUrl}/api/v1/auth/me`, runs: [] },
      { name: 'GET /auth/me straight to auth', url: `${platform.urls.auth}/auth/me`, runs: [] },
      { name: 'GET /users/me straight to users', url: `${platform.urls.users}/users/me`, runs: [] },
    ];
    for (const t of targets) {
      const check = await fetch(t.url, init);
      if (check.status !== 200) throw new Error(`${t.name}: ${check.status} ${await check.text()}`);
      await load(t.url, { connections: CONNECTIONS, durationMs: WARM_UP_MS, init });
    }
    // CPU of every process during the via-gateway runs, per answer in them
    const spent = {};
    let answered = 0;
    for (let i = 0; i < ROUNDS; i++) {
      for (const [n, t] of targets.entries()) {
        const before = n === 0 ? cpuSnapshot(platform) : null;
        const r = await load(t.url, { connections: CONNECTIONS, durationMs: DURATION_MS, init });
        if (before) {
          addCpuSpent(spent, before, cpuSnapshot(platform));
          answered += r.requests;
        }
        t.runs.push(r);
      }
    }
    const cpu = answered > 0 ? cpuPerItem(spent, answered) : null;
    const row = (path, r) => ({
      path,
      'req/s': round(r.rps, 0),
      'p50 ms': round(r.p50, 2),
      'p99 ms': round(r.p99, 2),
      errors: r.errors,
    });
    const rows = [];
    const medians = targets.map((t) => ({
      rps: median(t.runs.map((r) => r.rps)),
      p50: median(t.runs.map((r) => r.p50)),
      p99: median(t.runs.map((r) => r.p99)),
      errors: t.runs.reduce((n, r) => n + r.errors, 0),
    }));
    for (let i = 0; i < ROUNDS; i++) for (const t of targets) rows.push(row(`${t.name}, run ${i + 1}`, t.runs[i]));
    targets.forEach((t, i) => rows.push(row(`${t.name}, median`, medians[i])));
    if (cpu)
      rows.push({
        path: 'CPU ms per request via the gateway (all processes during those runs)',
        'req/s': `${round(cpu.total, 3)} ms in all`,
        'p50 ms': Object.entries(cpu.per)
          .sort((a, b) => b[1] - a[1])
          .map(([name, ms]) => `${name} ${round(ms, 3)}`)
          .join(', '),
        'p99 ms': '',
        errors: '',
      });
    const g = medians[0];
    return {
      rows,
      summary: [
        {
          what: 'GET /auth/me via gateway',
          now: `${reqs(g.rps)} req/s, p99 ${round(g.p99, 1)} ms${g.errors ? `, ${g.errors} errors` : ''}${cpu ? `, ${round(cpu.total, 2)} ms CPU/request` : ''} (straight to auth ${reqs(medians[1].rps)}, users ${reqs(medians[2].rps)} req/s)`,
          goal: `>= ${RPS_GOAL.toLocaleString('en')} req/s, p99 <= ${P99_GOAL_MS} ms`,
          met: g.rps >= RPS_GOAL && g.p99 <= P99_GOAL_MS && g.errors === 0,
        },
      ],
    };
  },
};
