#!/usr/bin/env node
/**
 * npm run chaos: faults under load on the cluster of `npm run cluster` (three clustered NATS
 * servers, two replicas of every service and gateway behind an nginx front), with PostgreSQL and
 * Redis of its own on free ports (the machine's shared servers are never stopped). A steady load of
 * uploads, reads and purchases goes through both gateways while, one after the other:
 *   - the NATS server leading the GRADING stream is killed (SIGKILL), and started again 5 s later;
 *   - one replica each of evaluation, grading and billing is SIGKILLed mid-request (the supervisor
 *     restarts it, as Kubernetes would);
 *   - PostgreSQL is restarted;
 *   - Redis is stopped for 20 s;
 *   - the NATS server leading the GRADING stream is cut off from the other two for 15 s.
 * After each fault, once the load has drained: every accepted essay graded exactly once (one
 * grading.completed per attempt in the stream, one charge per attempt in the ledger, refunds for
 * failures), no purchase lost or doubled, every user's credits right on /auth/me from both
 * gateways, no 500, and the time until everything answered healthy again. Prints a table.
 * Bounded: about 6-8 minutes on a 2-core machine. SKIP_BUILD=1 skips the build; exits 1 when a
 * fault lost or doubled anything, or answered a 500.
 */
const fs = require('node:fs');
const path = require('node:path');
const { installIfNeeded, build, root } = require('./prepare');
const { createClient } = require('../deploy/load/client');

const STUDENTS = Number(process.env.CHAOS_STUDENTS || 6);
const LOAD_PAUSE_MS = 100;
const SETTLE_MS = 180_000;
/** PUBLIC_BASE_URL of the processes (their default): checkout return addresses must be on it. */
const SITE = 'http://localhost:8080';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The essay the system tests grade (real prose for the built-in grader), read from its fixture.
const ESSAY = /export const EE_ESSAY = `([\s\S]*?)`;/.exec(fs.readFileSync(path.join(root, 'tests/fixtures/essays.ts'), 'utf8'))[1];

/** Every request, for the table: when it started and how it ended. */
const requests = [];

const clients = new Map();
/** One request through `base` (the load tools' client, 429s not waited out), recorded for the table. */
async function call(base, method, urlPath, { token, json, form } = {}) {
  let client = clients.get(base);
  if (!client) clients.set(base, (client = createClient(base)));
  const entry = { at: Date.now(), method, path: urlPath.replace(/[0-9a-f-]{36}/g, ':id'), status: 0 };
  requests.push(entry);
  try {
    const res = await client.call(method, urlPath, { token, json, form: form && (() => form), retries: 0 });
    entry.status = res.status;
    if (res.status >= 400) entry.detail = JSON.stringify(res.body).slice(0, 200);
    return res;
  } catch (err) {
    entry.status = 'conn';
    entry.detail = err.message;
    return { status: 'conn', body: null };
  }
}

const inFlight = (method, urlPath) => requests.filter((r) => r.status === 0 && r.method === method && r.path === urlPath).length;

/** One student of the load: uploads, reads and buys, alternating between the two gateways. */
class Student {
  constructor(n, gateways) {
    this.n = n;
    this.gateways = gateways;
    this.turn = n;
    this.accepted = new Set(); // evaluation ids answered 201
    this.paid = new Set(); // purchase sessions answered 200 (or 409: paid before)
    this.uploads = 0;
  }
  get gw() {
    return this.gateways[this.turn++ % this.gateways.length];
  }
  async signUp() {
    this.email = `chaos${this.n}.${Date.now().toString(36)}@school.example`;
    const res = await call(this.gw, 'POST', '/auth/signup', {
      json: { email: this.email, password: 'correct-horse-9', first_name: 'Chaos', last_name: `Student ${this.n}`, user_type: 'student' },
    });
    if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
    this.token = res.body.access_token;
    this.refresh = res.body.refresh_token;
    const me = await call(this.gw, 'GET', '/auth/me', { token: this.token });
    this.id = me.body.id;
    this.initialCredits = me.body.essay_credits;
    this.credits = this.initialCredits;
    this.rubric = (await call(this.gw, 'GET', '/rubrics/active?rubric_type=ee', { token: this.token })).body[0].id;
  }
  /** A purchase as the local checkout page makes it; Pay asked again after an unclear answer (5xx, lost connection). */
  async buy() {
    const session = await call(this.gw, 'POST', '/subscription/create-checkout-session', {
      token: this.token,
      json: { plan_type: 'core_pack', success_url: `${SITE}/dashboard?plan=success`, cancel_url: `${SITE}/dashboard?plan=cancelled` },
    });
    if (session.status !== 200) return;
    for (let i = 0; i < 40; i++) {
      const paid = await call(this.gw, 'POST', `/billing/local-checkout/${session.body.session_id}/complete`, { token: this.token });
      if (paid.status === 200 || paid.status === 409) {
        this.paid.add(session.body.session_id);
        this.credits += 5;
        return;
      }
      if (paid.status !== 503 && paid.status !== 'conn' && !(paid.status >= 500)) return;
      await sleep(500);
    }
  }
  async upload() {
    const form = new FormData();
    const title = `Chaos ${this.n}.${++this.uploads}`;
    for (const [k, v] of Object.entries({ title, essay_type: 'ee', rubric_id: this.rubric })) form.append(k, v);
    // Each upload a different essay (an unchanged re-submission is not charged again).
    form.append('file', new Blob([`${ESSAY}\n\nDraft note: ${title} ${Date.now()}.`], { type: 'text/plain' }), 'essay.txt');
    const res = await call(this.gw, 'POST', '/evaluation/evaluate-async', { token: this.token, form });
    if (res.status === 201) {
      this.accepted.add(res.body.id);
      this.credits -= 1;
    }
  }
  /**
   * The session refreshed through the gateway the last request did not use. After an unclear
   * answer (503, lost connection) the token may have rotated unseen and the old one count as
   * reused: then the student signs in again, as the SDK sends a browser to sign-in (counted).
   */
  async refreshSession() {
    const res = await call(this.gw, 'POST', '/auth/refresh', { json: { refresh_token: this.refresh } });
    if (res.status === 200) {
      this.token = res.body.access_token;
      this.refresh = res.body.refresh_token ?? this.refresh;
      this.refreshed = (this.refreshed ?? 0) + 1;
    } else if (res.status === 401) {
      const login = await call(this.gw, 'POST', '/auth/login', { json: { username: this.email, password: 'correct-horse-9' } });
      if (login.status === 200) {
        this.token = login.body.access_token;
        this.refresh = login.body.refresh_token;
        this.signedInAgain = (this.signedInAgain ?? 0) + 1;
      }
    }
  }
  async step() {
    if (this.credits < 2) await this.buy();
    else await this.upload();
    await call(this.gw, 'GET', '/auth/me', { token: this.token });
    await call(this.gw, 'GET', '/evaluation/my-evaluations', { token: this.token });
    if (this.turn % 8 === 0) await this.refreshSession();
  }
}

async function main() {
  installIfNeeded();
  if (process.env.SKIP_BUILD !== '1') build();
  const { startCluster } = require('@corestone/devstack');
  const { startOwnPostgres, startOwnRedis } = require('@corestone/service-kit/testing');
  const { connect } = require('@nats-io/transport-node');
  const { jetstream, jetstreamManager } = require('@nats-io/jetstream');
  const { Pool } = require('pg');

  const started = Date.now();
  const [pg, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
  const dbUrl = new URL(pg.url);
  dbUrl.pathname = '/corestone';
  let cluster = null;
  let db = null;
  let nc = null;
  const cleanup = async () => {
    await nc?.close().catch(() => undefined);
    await db?.end().catch(() => undefined);
    await cluster?.stop().catch((err) => console.error(err));
    await Promise.all([pg, redis].map((s) => s.destroy().catch(() => undefined)));
  };
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      console.log(`\n${signal}: stopping everything…`);
      void cleanup().then(() => process.exit(1));
    });

  try {
    console.log('Starting the cluster (own PostgreSQL and Redis)…');
    cluster = await startCluster({
      env: { DATABASE_URL: dbUrl.toString(), REDIS_URL: redis.url, PAYMENTS: 'local', LOG_LEVEL: 'warn' },
      log: (line) => console.log(`  ${line}`),
      keepLogs: true,
    });
    const gateways = cluster.gatewayUrls;
    console.log(
      `Cluster up in ${((Date.now() - started) / 1000).toFixed(0)} s; gateways ${gateways.join(', ')}; logs in ${cluster.logDir}`,
    );
    // A pool: its connections come back after the PostgreSQL restart.
    db = new Pool({ connectionString: dbUrl.toString(), max: 2 });
    db.on('error', () => undefined);
    nc = await connect({ servers: cluster.nats.url.split(','), maxReconnectAttempts: -1 });

    const students = Array.from({ length: STUDENTS }, (_, i) => new Student(i, gateways));
    for (const s of students) await s.signUp();

    let loading = false;
    let load = Promise.resolve();
    const startLoad = () => {
      loading = true;
      load = Promise.all(
        students.map(async (s) => {
          while (loading) {
            await s.step();
            await sleep(LOAD_PAUSE_MS);
          }
        }),
      );
    };
    const stopLoad = async () => {
      loading = false;
      await load;
    };
    startLoad();

    const healthy = async () => {
      for (const g of gateways) {
        const res = await fetch(`${g}/api/v1/health`, { signal: AbortSignal.timeout(3000) }).catch(() => null);
        if (!res || res.status !== 200) return false;
      }
      const front = await fetch(`${cluster.url}/api/v1/health`, { signal: AbortSignal.timeout(3000) }).catch(() => null);
      if (!front || front.status !== 200) return false;
      for (const node of cluster.nats.nodes) if (!node.running()) return false;
      // every replica of every process back and ready (a killed one restarted by its supervisor)
      for (const replica of cluster.replicas)
        for (const url of Object.values(replica.urls)) {
          const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(3000) }).catch(() => null);
          if (!ready || ready.status !== 200) return false;
        }
      const me = await call(gateways[0], 'GET', '/auth/me', { token: students[0].token });
      return me.status === 200;
    };
    const waitHealthy = async (from) => {
      const until = Date.now() + 180_000;
      while (!(await healthy())) {
        if (Date.now() > until) return null;
        await sleep(250);
      }
      return Date.now() - from;
    };

    const anyReplica = () => cluster.replicas[Math.floor(Math.random() * cluster.replicas.length)];
    /** SIGKILL while a request to it is under way: waits for one in flight through the load. */
    const killMidRequest = async (name) => {
      const replica = anyReplica();
      // mid-request: while uploads are under way (evaluation: taking them; billing: charging
      // them; grading: grading the ones accepted just before)
      const until = Date.now() + 30_000;
      while (inFlight('POST', '/evaluation/evaluate-async') < 2 && Date.now() < until) await sleep(20);
      if (name === 'grading') await sleep(500);
      replica.crashProcess(name);
    };

    const faults = [
      {
        name: 'NATS leader of GRADING killed',
        run: async () => {
          const leader = await cluster.nats.streamLeader('GRADING');
          await cluster.nats.stop(leader, 'SIGKILL');
          await sleep(5000);
          await cluster.nats.start(leader);
        },
      },
      { name: 'evaluation replica SIGKILL', run: () => killMidRequest('evaluation') },
      { name: 'grading replica SIGKILL', run: () => killMidRequest('grading') },
      { name: 'billing replica SIGKILL', run: () => killMidRequest('billing') },
      { name: 'PostgreSQL restarted', run: () => pg.restart() },
      {
        name: 'Redis stopped 20 s',
        run: async () => {
          await redis.stop();
          await sleep(20_000);
          await redis.start();
        },
      },
      {
        name: 'NATS node partitioned 15 s',
        run: async () => {
          const leader = await cluster.nats.streamLeader('GRADING');
          cluster.nats.partition(leader);
          await sleep(15_000);
          cluster.nats.heal(leader);
        },
      },
    ];
    if (process.env.CHAOS_ONLY) faults.splice(0, faults.length, ...faults.filter((f) => f.name.includes(process.env.CHAOS_ONLY)));

    const rows = [];
    let checkedRequests = 0;
    for (const fault of faults) {
      await sleep(4000); // steady load before the fault
      const from = Date.now();
      const fromIndex = requests.length;
      const inFlightAtStart = requests.filter((r) => r.status === 0); // cut by the fault, or answered during it
      console.log(`\n▶ ${fault.name}`);
      await fault.run();
      const recovered = await waitHealthy(from);
      const during = [...inFlightAtStart, ...requests.slice(fromIndex)];
      await sleep(3000); // and a little load after it
      const check = await settleAndCheck();
      // counted once every request begun during the fault has its answer
      const errors = {};
      for (const r of during) if (r.status === 'conn' || r.status >= 400) errors[r.status] = (errors[r.status] ?? 0) + 1;
      rows.push({
        fault: fault.name,
        requests: during.length,
        errors:
          Object.entries(errors)
            .map(([s, n]) => `${s}×${n}`)
            .join(' ') || '-',
        healthyAfter: recovered === null ? 'never' : `${(recovered / 1000).toFixed(1)} s`,
        lost: check.lost,
        doubled: check.doubled,
        creditsWrong: check.creditsWrong,
        http500: requests.slice(checkedRequests).filter((r) => typeof r.status === 'number' && r.status >= 500 && r.status !== 503).length,
      });
      checkedRequests = requests.length;
      console.log(`  ${JSON.stringify(rows[rows.length - 1])}`);
      for (const note of check.notes.slice(0, 16)) console.log(`    ${note}`);
    }
    await stopLoad();

    /**
     * Waits (load paused) until every evaluation is settled, then checks the invariants:
     * lost: accepted uploads missing or never settled, paid purchases not granted;
     * doubled: more than one grading.completed per attempt, more than one charge per attempt or
     * grant per purchase; creditsWrong: users whose /auth/me (either gateway) differs from the ledger
     * and from initial + purchases − completed essays.
     */
    const reported = new Set();
    async function settleAndCheck() {
      await stopLoad();
      const notes = [];
      const found = { lost: 0, doubled: 0 };
      const flag = (kind, note) => {
        if (reported.has(note)) return; // found after an earlier fault already
        reported.add(note);
        found[kind]++;
        notes.push(note);
      };
      let creditsWrong = 0;
      const until = Date.now() + SETTLE_MS;
      let lists;
      for (;;) {
        lists = await Promise.all(
          students.map((s) => call(gateways[0], 'GET', '/evaluation/my-evaluations', { token: s.token }).then((r) => r.body)),
        );
        const open = lists.flatMap((l) => l?.evaluations ?? []).filter((e) => !['completed', 'failed'].includes(e.status));
        // and the rows lists do not show yet: submissions whose credit billing has not confirmed
        // (`charging`, settled by evaluation's sweeper)
        const charging = await db.query(`SELECT count(*)::int AS n FROM evaluation.evaluations WHERE status = 'charging'`).then(
          (r) => r.rows[0].n,
          () => 1,
        );
        if (lists.every((l) => Array.isArray(l?.evaluations)) && open.length === 0 && charging === 0) break;
        if (Date.now() > until) {
          notes.push(`${open.length} evaluations still unsettled after ${SETTLE_MS / 1000} s`);
          found.lost += open.length;
          break;
        }
        await sleep(1000);
      }
      // grading.completed per attempt in the stream
      const completedEvents = new Map();
      const jsm = await jetstreamManager(nc);
      const js = jetstream(nc);
      const consumer = await js.consumers.get('GRADING', { filter_subjects: 'grading.completed.v1' });
      let read = 0;
      const total =
        (await jsm.streams.info('GRADING', { subjects_filter: 'grading.completed.v1' })).state.subjects?.['grading.completed.v1'] ?? 0;
      while (read < total) {
        const batch = await consumer.fetch({ max_messages: 200, expires: 2000 });
        let got = 0;
        for await (const m of batch) {
          got++;
          read++;
          const e = m.json();
          const key = `${e.data.evaluation_id}#${e.data.attempt ?? 1}`;
          completedEvents.set(key, (completedEvents.get(key) ?? 0) + 1);
        }
        if (got === 0) break;
      }
      for (const [key, n] of completedEvents) if (n > 1) flag('doubled', `grading.completed ×${n} for ${key}`);
      const charges = await db.query(
        `SELECT evaluation_id, kind, count(*)::int AS n FROM billing.ledger WHERE kind IN ('consume','refund') GROUP BY 1, 2 HAVING count(*) > 1`,
      );
      for (const r of charges.rows) flag('doubled', `${r.kind} ×${r.n} for ${r.evaluation_id}`);
      const grants = await db.query(
        `SELECT idempotency_key, count(*)::int AS n FROM billing.ledger WHERE kind = 'grant' GROUP BY 1 HAVING count(*) > 1`,
      );
      for (const r of grants.rows) flag('doubled', `grant ×${r.n} for ${r.idempotency_key}`);
      for (const [i, s] of students.entries()) {
        const list = lists[i]?.evaluations ?? [];
        const byId = new Map(list.map((e) => [e.id, e]));
        for (const id of s.accepted) if (!byId.has(id)) flag('lost', `accepted essay ${id} of student ${s.n} is gone`);
        // the checkout's session id is the purchase's id
        const paid = await db.query(`SELECT id::text AS id FROM billing.purchases WHERE user_id = $1 AND status = 'paid'`, [s.id]);
        const paidIds = new Set(paid.rows.map((r) => r.id));
        for (const session of s.paid) if (!paidIds.has(session)) flag('lost', `purchase ${session} answered paid is not paid`);
        const granted = await db.query(
          `SELECT count(*)::int AS n FROM billing.ledger l JOIN billing.purchases p ON l.idempotency_key = 'grant:' || p.id::text WHERE p.user_id = $1`,
          [s.id],
        );
        if (granted.rows[0].n !== paid.rowCount)
          flag('lost', `student ${s.n}: ${paid.rowCount} paid purchases, ${granted.rows[0].n} grants`);
        const completed = list.filter((e) => e.status === 'completed').length;
        const expected = s.initialCredits + 5 * paid.rowCount - completed;
        // A failure's refund follows its `failed` status through billing's consumer: a few seconds.
        const creditsUntil = Date.now() + 30_000;
        let ledger;
        let shown;
        for (;;) {
          ledger = (await db.query(`SELECT essay_credits FROM billing.accounts WHERE user_id = $1`, [s.id])).rows[0]?.essay_credits;
          shown = await Promise.all(gateways.map((g) => call(g, 'GET', '/auth/me', { token: s.token }).then((r) => r.body?.essay_credits)));
          if ((ledger === expected && shown.every((c) => c === expected)) || Date.now() > creditsUntil) break;
          await sleep(1000);
        }
        if (ledger !== expected || shown.some((c) => c !== expected)) {
          creditsWrong++;
          const lines = await db.query(
            `SELECT kind, count(*)::int AS n, sum(delta)::int AS sum FROM billing.ledger WHERE user_id = $1 GROUP BY 1 ORDER BY 1`,
            [s.id],
          );
          const statuses = {};
          for (const e of list) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
          notes.push(
            `student ${s.n}: expected ${expected} credits (${s.initialCredits} + 5 × ${paid.rowCount} − ${completed}), billing has ${ledger}, ` +
              `/auth/me shows ${shown.join(' / ')}; ledger ${JSON.stringify(lines.rows)}; evaluations ${JSON.stringify(statuses)}`,
          );
        }
        s.credits = expected;
      }
      // What the refusals were, once per kind.
      const kinds = new Map();
      for (const r of requests.slice(checkedRequests)) {
        const kind = r.detail ? `${r.status} ${r.method} ${r.path}: ${r.detail}` : null;
        if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      // 500s first, then the other refusals, then what was lost or doubled
      const refusals = [...kinds].map(([kind, n]) => `${n}× ${kind}`);
      notes.unshift(...refusals.filter((k) => / 5\d\d /.test(k.slice(0, 12))), ...refusals.filter((k) => !/ 5\d\d /.test(k.slice(0, 12))));
      const refreshed = students.reduce((n, s) => n + (s.refreshed ?? 0), 0);
      const again = students.reduce((n, s) => n + (s.signedInAgain ?? 0), 0);
      notes.push(`sessions refreshed through the other gateway so far: ${refreshed}; signed in again after a refused refresh: ${again}`);
      startLoad();
      return { ...found, creditsWrong, notes };
    }

    // Rate limits across gateway replicas: the forgot-password budget per address (30 an hour by
    // default) is counted in Redis, so requests through both gateways share one budget.
    let allowed = 0;
    for (let i = 0; i < 80; i++) {
      const res = await call(gateways[i % 2], 'POST', '/auth/forgot-password', { json: { email: `nobody.${i}@chaos.example` } });
      if (res.status === 429) break;
      allowed++;
    }
    const sharedLimit = allowed === 30;
    console.log(
      `\nrate limit across both gateways: ${allowed} forgot-password requests admitted before the first 429 (budget 30): ${sharedLimit ? 'shared' : 'NOT shared'}`,
    );

    printTable(rows, Date.now() - started);
    const failed = !sharedLimit || rows.some((r) => r.lost || r.doubled || r.creditsWrong || r.http500 || r.healthyAfter === 'never');
    await cleanup();
    process.exit(failed ? 1 : 0);
  } catch (err) {
    console.error(`\nnpm run chaos failed: ${err.stack ?? err.message}`);
    await cleanup();
    process.exit(1);
  }
}

function printTable(rows, elapsedMs) {
  const head = ['fault', 'requests', 'errors by status', 'healthy after', 'lost', 'doubled', 'credits wrong', '500s'];
  const lines = rows.map((r) => [
    r.fault,
    String(r.requests),
    r.errors,
    r.healthyAfter,
    String(r.lost),
    String(r.doubled),
    String(r.creditsWrong),
    String(r.http500),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${fmt(head)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
  console.log(`\n${requests.length} requests in ${(elapsedMs / 1000).toFixed(0)} s; ${STUDENTS} students through ${2} gateways.`);
}

main();
