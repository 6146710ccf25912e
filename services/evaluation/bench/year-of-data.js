#!/usr/bin/env node
/**
 * npm run bench:year -w @corestone/evaluation (issue 34 §2, evaluation's side): the service's list,
 * figure and export queries in process, on ROWS evaluations (default 300,000) made by SQL
 * (generate_series) in a schema of its own, dropped at the end. Not a test: it prints figures.
 *
 * Per case: wall time per call (median, p99 of RUNS calls), this process's CPU per call, and the
 * database's own time (EXPLAIN ANALYZE execution time, summed over the call's statements) with the
 * indexes the plans used. Then the rollup trigger's cost per written row, and the CSV export of
 * every row: its time and this process's peak memory.
 *
 * Needs the built service (npm run build -w @corestone/service-kit -w @corestone/evaluation) and
 * PostgreSQL (DATABASE_URL, default the test database).
 */
const { Writable } = require('node:stream');
const { pipeline } = require('node:stream/promises');
const { openDatabase } = require('@corestone/service-kit');
const { migrations } = require('../dist/store/migrations');
const { AdminStore } = require('../dist/store/admin');
const { DashboardStore } = require('../dist/store/dashboard');
const { EvaluationStore } = require('../dist/store/evaluations');
const { AssignmentStore } = require('../dist/store/assignments');
const { DashboardFigures } = require('../dist/app/dashboard');
const { submissionsCsvStream } = require('../dist/app/export-csv');

const ROWS = Number(process.env.ROWS ?? 300_000);
const RUNS = Number(process.env.RUNS ?? 30);
const URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/corestone_test';
const USERS = Math.max(100, Math.round(ROWS / 5));
const ASSIGNMENT = '00000000-0000-4000-8000-000000000034';

async function seed(pool) {
  const client = await pool.connect();
  try {
    // A bulk load as a seeding tool writes it: triggers off, then the rollups recounted once.
    await client.query(`SET session_replication_role = replica`);
    await client.query(
      `INSERT INTO user_directory (user_id, email, first_name, last_name, role, created_at)
       SELECT 'u' || k, 'student' || k || '@school' || (k % 100) || '.example', 'First' || k, 'Last' || (k % 997),
         CASE WHEN k % 40 = 0 THEN 'teacher' ELSE 'student' END, now() - (k % 365) * interval '1 day'
       FROM generate_series(0, $1::int - 1) k`,
      [USERS],
    );
    for (let from = 1; from <= ROWS; from += 50_000) {
      const to = Math.min(ROWS, from + 49_999);
      await client.query(
        `WITH s AS (
           SELECT i, now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second' AS at,
             CASE WHEN i % 50 = 0 THEN 'failed' WHEN i % 997 = 1 THEN 'pending' WHEN i % 997 = 2 THEN 'processing' ELSE 'completed' END AS status
           FROM generate_series($1::int, $2::int) i)
         INSERT INTO evaluations (id, user_id, user_name, user_email, user_type, file_name, title, essay_type, status,
           approval_status, reviewed_at, rubric_id, rubric, content_key, grader, results, overall_score, processing_time,
           completed_at, created_at, updated_at, school_id, assignment_id, class_id, class_school_id, teacher_review, released_at)
         SELECT gen_random_uuid(), 'u' || (i % $3), 'First' || (i % $3) || ' Last' || ((i % $3) % 997),
           'student' || (i % $3) || '@school' || ((i % $3) % 100) || '.example',
           CASE WHEN (i % $3) % 40 = 0 THEN 'teacher' ELSE 'student' END,
           'essay-' || i || '.docx', 'Essay on topic ' || (i % 5000), CASE WHEN i % 3 = 0 THEN 'tok' ELSE 'ee' END, status,
           CASE WHEN status = 'completed' AND i % 7 = 0 THEN 'approved' WHEN status = 'completed' AND i % 29 = 0 THEN 'rejected' ELSE 'pending_review' END,
           CASE WHEN status = 'completed' AND (i % 7 = 0 OR i % 29 = 0) THEN at + interval '1 day' END,
           'rubric-' || (i % 4), jsonb_build_object('title', 'Rubric ' || (i % 4)), 'key-' || i, 'builtin',
           CASE WHEN status = 'completed' THEN jsonb_build_object('overallGrade', chr(65 + i % 5), 'percentage', (i % 100) + 0.5,
             'totalPoints', i % 34, 'maxPoints', 34, 'overallSummary', jsonb_build_object('holisticCommentary', 'Commentary ' || i),
             'criteria', (SELECT jsonb_agg(jsonb_build_object('code', c, 'name', 'Criterion ' || c, 'score', (i + ascii(c)) % 7, 'maxScore', 6,
               'feedback', repeat('Feedback text. ', 20))) FROM unnest(ARRAY['A', 'B', 'C', 'D', 'E']) c)) END,
           CASE WHEN status = 'completed' THEN i % 34 END, CASE WHEN status = 'completed' THEN (i % 60) + 0.5 END,
           CASE WHEN status = 'completed' THEN at + (i % 900) * interval '1 second' END, at, at + interval '1 minute',
           'school-' || ((i % $3) % 100),
           CASE WHEN i % 1000 < 3 THEN $4::uuid END, CASE WHEN i % 1000 < 3 THEN 'class-1' END, CASE WHEN i % 1000 < 3 THEN 'school-1' END,
           NULL, NULL
         FROM s`,
        [from, to, USERS, ASSIGNMENT],
      );
      process.stdout.write(`  seeded ${to.toLocaleString('en')} rows\r`);
    }
    await client.query(`SET session_replication_role = origin`);
    let t = Date.now();
    await client.query(`SELECT evaluation_rollup_rebuild()`);
    console.log(`\n  rollup recount of ${ROWS.toLocaleString('en')} rows: ${Date.now() - t} ms`);
    // As after any bulk load (and as autovacuum keeps a live table): the visibility map lets
    // covering indexes answer alone.
    t = Date.now();
    await client.query(`VACUUM (ANALYZE)`);
    console.log(`  VACUUM (ANALYZE): ${Date.now() - t} ms`);
    const { rows } = await client.query(`SELECT count(*)::int AS n FROM evaluation_rollup`);
    console.log(`  evaluation_rollup rows: ${rows[0].n}`);
  } finally {
    client.release();
  }
}

/** A pool that records the statements a call sends (EXPLAIN ANALYZE replays them). */
function recording(pool, sent) {
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'query') {
        return (text, values) => {
          const q = typeof text === 'string' ? { text, values: values ?? [] } : { text: text.text, values: text.values ?? [] };
          sent.push(q);
          return target.query(q.text, q.values);
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function indexesOf(node, into = new Set()) {
  if (node['Index Name']) into.add(node['Index Name']);
  else if (node['Node Type'] === 'Seq Scan') into.add(`seq:${node['Relation Name']}`);
  for (const child of node.Plans ?? []) indexesOf(child, into);
  return into;
}

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

async function measure(pool, name, call) {
  const sent = [];
  await call(recording(pool, sent)); // warm, and the statements
  const walls = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await call(pool);
    walls.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const cpu = process.cpuUsage(cpu0);
  let dbMs = 0;
  const used = new Set();
  for (const s of sent) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values);
    dbMs += rows[0]['QUERY PLAN'][0]['Execution Time'];
    for (const i of indexesOf(rows[0]['QUERY PLAN'][0].Plan)) used.add(i);
  }
  console.log(
    [
      name.padEnd(44),
      `${pct(walls, 0.5).toFixed(1)}`.padStart(8),
      `${pct(walls, 0.99).toFixed(1)}`.padStart(8),
      `${((cpu.user + cpu.system) / 1000 / RUNS).toFixed(2)}`.padStart(8),
      `${dbMs.toFixed(1)}`.padStart(8),
      `  ${[...used].join(', ')}`,
    ].join(''),
  );
}

/**
 * What the rollup trigger adds to a write: completed rows inserted one statement (one transaction)
 * at a time, as submissions and gradings write them, with the trigger and without (replica role).
 */
async function triggerCost(pool) {
  const client = await pool.connect();
  const insertOne = () =>
    client.query(
      `INSERT INTO evaluations (id, user_id, user_type, file_name, title, essay_type, status, rubric_id, rubric, results, completed_at)
       VALUES (gen_random_uuid(), 'trigger-cost', 'student', 'x.txt', 'Trigger cost', 'ee', 'completed', 'rubric-0', '{}',
         jsonb_build_object('overallGrade', 'B', 'percentage', 50.5, 'criteria',
           '[{"code":"A","name":"A","score":3,"maxScore":6},{"code":"B","name":"B","score":4,"maxScore":6}]'::jsonb), now())`,
    );
  const timed = async (n) => {
    const t = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await insertOne();
    return Number(process.hrtime.bigint() - t) / 1e6 / n;
  };
  try {
    const n = 1000;
    await timed(100);
    const withTrigger = await timed(n);
    await client.query(`SET session_replication_role = replica`);
    const without = await timed(n);
    await client.query(`SET session_replication_role = origin`);
    await client.query(`DELETE FROM evaluations WHERE user_id = 'trigger-cost'`);
    console.log(
      `\nrollup trigger: +${(withTrigger - without).toFixed(3)} ms per completed row written in its own transaction ` +
        `(${withTrigger.toFixed(3)} with, ${without.toFixed(3)} without)`,
    );
  } finally {
    client.release();
  }
}

async function exportAll(pool) {
  const dashboard = new DashboardStore(pool);
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  let bytes = 0;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const cpu0 = process.cpuUsage();
  const t = Date.now();
  await pipeline(
    submissionsCsvStream(dashboard.exportBatches({}, false), { essayContent: false, aiFeedback: true }),
    new Writable({
      write(chunk, _enc, done) {
        bytes += chunk.length;
        peak = Math.max(peak, process.memoryUsage().rss);
        done();
      },
    }),
  );
  clearInterval(timer);
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `CSV export of every row: ${(bytes / 1e6).toFixed(0)} MB in ${((Date.now() - t) / 1000).toFixed(1)} s, ` +
      `CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, resident memory ${(rss0 / 1e6).toFixed(0)} → peak ${(peak / 1e6).toFixed(0)} MB`,
  );
}

async function main() {
  const schema = `bench34${Date.now().toString(36)}_evaluation`;
  const db = await openDatabase({ url: URL, schema, migrations, poolMax: 4 });
  const pool = db.pool;
  try {
    console.log(`${ROWS.toLocaleString('en')} evaluations, ${USERS.toLocaleString('en')} users, schema ${schema}`);
    await seed(pool);
    const peers = { rubricCounts: async () => ({ active: 4 }), linkClicks: async () => ({ clicks_per_day: [], links: [] }) };
    // each case builds its stores on the pool it is given (measure() replays it on a recording pool)
    const admin = (p) => new AdminStore(p);
    const dashboard = (p) => new DashboardStore(p);
    const evaluations = (p) => new EvaluationStore(p);
    const assignments = (p) => new AssignmentStore(p);
    const figures = (p) => new DashboardFigures(new DashboardStore(p), peers);
    const { rows: deep } = await pool.query(`SELECT id FROM evaluations ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`, [
      Math.floor(ROWS * 0.9),
    ]);
    const deepCursor = (
      await pool.query(
        `SELECT encode(convert_to(to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id, 'UTF8'), 'base64') AS c FROM evaluations WHERE id = $1`,
        [deep[0].id],
      )
    ).rows[0].c
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');

    console.log(
      `\n${'case'.padEnd(44)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'CPU ms'.padStart(8)}${'db ms'.padStart(8)}  indexes`,
    );
    const cases = [
      ['admin list, first page (50)', (p) => admin(p).list({ limit: 50 })],
      ['admin list, page at 90 % depth (cursor)', (p) => admin(p).list({ limit: 50, cursor: deepCursor })],
      ['admin list, status=completed', (p) => admin(p).list({ status: 'completed', limit: 50 })],
      ['admin list, status=pending (in progress)', (p) => admin(p).list({ status: 'pending', limit: 50 })],
      ['admin list, status=failed', (p) => admin(p).list({ status: 'failed', limit: 50 })],
      ['admin list, essay_type=tok', (p) => admin(p).list({ essay_type: 'tok', limit: 50 })],
      ['admin list, user_type=teacher', (p) => admin(p).list({ user_type: 'teacher', limit: 50 })],
      ['admin list, failed+tok+teacher', (p) => admin(p).list({ status: 'failed', essay_type: 'tok', user_type: 'teacher', limit: 50 })],
      ['admin search, title "topic 4321"', (p) => admin(p).list({ search_query: 'topic 4321', limit: 50 })],
      ['admin search, student name "First4242 "', (p) => admin(p).list({ search_query: 'First4242 ', limit: 50 })],
      ['admin search, e-mail "student777@"', (p) => admin(p).list({ search_query: 'student777@', limit: 50 })],
      ['admin stats', (p) => admin(p).stats()],
      ['my evaluations (a student, all)', (p) => evaluations(p).listForUser('u4242', {})],
      ['my evaluations (page of 20)', (p) => evaluations(p).listForUser('u4242', { limit: 20 })],
      ['dashboard stats', (p) => figures(p).stats()],
      ['dashboard summary', (p) => figures(p).summary()],
      ['performance-metrics 30 days', (p) => figures(p).performanceMetrics(30)],
      ['analytics performance 30 days', (p) => figures(p).performance(30)],
      ['analytics performance 365 days', (p) => figures(p).performance(365)],
      ['analytics trends 365 days', (p) => figures(p).trends(365)],
      ['analytics users 30 days', (p) => figures(p).users(30)],
      ['analytics users 365 days', (p) => figures(p).users(365)],
      ['analytics rubrics 365 days', (p) => figures(p).rubrics(365)],
      ['recent activity (20)', (p) => dashboard(p).recentActivity(20)],
      ['gradebook rows (one assignment)', (p) => assignments(p).latest([ASSIGNMENT])],
      ['school activity (7 days)', (p) => evaluations(p).submissionsOfSchool('school-7', new Date(Date.now() - 7 * 86_400_000))],
      ['agreement (a school)', (p) => assignments(p).releasedReviews({ schoolId: 'school-7' })],
    ];
    for (const [name, call] of cases) if (!process.env.ONLY || name.includes(process.env.ONLY)) await measure(pool, name, call);
    await triggerCost(pool);
    await exportAll(pool);
  } finally {
    if (process.env.KEEP_SCHEMA !== '1') await pool.query(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
