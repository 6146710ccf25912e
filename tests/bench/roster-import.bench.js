const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { api, benchAdmin } = require('./platform-api');
const { cpuSnapshot, addCpuSpent } = require('./cpu-time');

/** ROSTER_BENCH_ROWS: another size, e.g. to see whether the peak RSS grows with the roster. */
const ROWS = Number(process.env.ROSTER_BENCH_ROWS) || 10_000;
const CLASSES = 200;
/** One teacher per class, the rest students. */
const TEACHERS = CLASSES;
const GOAL_S = 60;
const SAMPLE_MS = 200;
/** Bound on the whole apply (until its status says done) and on waiting for the invitation mails after it. */
const APPLY_LIMIT_MS = 15 * 60_000;
const MAILS_LIMIT_MS = 10 * 60_000;
const MAIL_DIR = process.env.MAIL_DIR || path.join(__dirname, '..', '..', '.data', 'mail');
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** The one-file roster (email,name,role,class): TEACHERS teachers and the rest students over CLASSES classes. */
function rosterCsv(tag) {
  const lines = ['email,name,role,class'];
  for (let i = 0; i < ROWS; i++) {
    const teacher = i < TEACHERS;
    const who = teacher ? `teacher${i}` : `student${i}`;
    lines.push(
      `${who}.${tag}@bench-roster.example,${teacher ? 'Teacher' : 'Student'} ${i} Bench,${teacher ? 'teacher' : 'student'},Class ${i % CLASSES}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Resident and peak resident memory of a process in MB (VmRSS, VmHWM), null once it is gone. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Mails auth wrote to MAIL_DIR (no SMTP_URL) since `since` that name `school`. */
function mailsOf(school, since) {
  if (!fs.existsSync(MAIL_DIR)) return [];
  return fs
    .readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(MAIL_DIR, f))
    .filter((f) => {
      try {
        return fs.statSync(f).mtimeMs >= since && fs.readFileSync(f, 'utf8').includes(school);
      } catch {
        return false;
      }
    });
}

module.exports = {
  title: `Roster import: ${ROWS.toLocaleString('en')} rows applied`,
  measures: `A one-file roster (email,name,role,class) of ${ROWS.toLocaleString('en')} rows — ${TEACHERS} teachers and ${(ROWS - TEACHERS).toLocaleString('en')} students in ${CLASSES} classes, all new accounts — applied by a platform super admin into a new school through the gateway (POST /api/v1/schools/{id}/roster/import?dry_run=false&async=true → 202, then GET …/roster/imports/{import_id} until done): rows/s and wall seconds of the apply (upload to done), CPU seconds per 1,000 rows of the schools and auth processes (/proc, during the apply), peak RSS of the schools process (sampled every ${SAMPLE_MS} ms, and its VmHWM), the progress the import's status showed meanwhile, and how long after the end the ${ROWS.toLocaleString('en')} invitation mails were all written (auth's invitation consumer, mails to files). Goal (issue 30): 10,000 rows under ${GOAL_S} s.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const admin = (await benchAdmin(call)).access_token;
    const tag = Date.now().toString(36);
    const schoolName = `Bench Roster School ${tag}`;
    const school = await call('POST', '/schools', { token: admin, json: { name: schoolName } });
    if (school.status !== 201) throw new Error(`create school: ${school.status} ${JSON.stringify(school.body)}`);
    const schoolId = school.body.id;
    const csv = rosterCsv(tag);
    const schoolsPid = platform.pidOf('schools');
    const authPid = platform.pidOf('auth');
    if (!schoolsPid || !authPid) throw new Error('the schools or auth process is not running');

    // Through the gateway, in the background (async=true): the answer is 202 with the import's id once
    // the file is read and planned; then the import's status is polled until it is done, its
    // progress noted, and the schools process's memory sampled meanwhile.
    const rssBefore = memoryOf(schoolsPid);
    let peakRss = rssBefore?.rss ?? 0;
    const progress = [];
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'roster.csv');
    const cpu0 = cpuSnapshot(platform);
    const t0 = Date.now();
    const started = await fetch(`${platform.gatewayUrl}/api/v1/schools/${schoolId}/roster/import?dry_run=false&async=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
    if (started.status !== 202) throw new Error(`apply: ${started.status} ${JSON.stringify(started.body).slice(0, 500)}`);
    const acceptedS = (Date.now() - t0) / 1000;
    let status = started.body;
    while (status.status === 'running') {
      if (Date.now() - t0 > APPLY_LIMIT_MS) throw new Error(`the apply took over ${APPLY_LIMIT_MS / 60_000} min`);
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
      const m = memoryOf(schoolsPid);
      if (m) peakRss = Math.max(peakRss, m.rss);
      const h = await call('GET', `/schools/${schoolId}/roster/imports/${started.body.id}`, { token: admin });
      if (h.status !== 200) throw new Error(`import status: ${h.status} ${JSON.stringify(h.body).slice(0, 300)}`);
      status = h.body;
      if (status.status === 'running') progress.push(`${status.progress.done}/${status.progress.total}`);
    }
    const wallS = (Date.now() - t0) / 1000;
    const spent = addCpuSpent({}, cpu0, cpuSnapshot(platform));
    const answeredAt = Date.now();
    if (status.status !== 'done' || !status.result)
      throw new Error(`apply ended ${status.status}: ${JSON.stringify(status.errors.slice(0, 3))}`);
    const r = status.result;
    if (r.created !== ROWS || r.error_count !== 0) {
      throw new Error(`apply: created ${r.created} of ${ROWS}, ${r.error_count} errors: ${JSON.stringify(r.errors.slice(0, 3))}`);
    }
    const hwm = memoryOf(schoolsPid)?.hwm ?? NaN;

    // The invitation mails, after the answer.
    let mails = 0;
    let mailsS = null;
    const mailsSince = t0 - 1000;
    while (Date.now() - answeredAt < MAILS_LIMIT_MS) {
      mails = mailsOf(schoolName, mailsSince).length;
      if (mails >= ROWS) {
        mailsS = (Date.now() - answeredAt) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    // The CPU spent until the last invitation mail: the mails are part of an import's cost.
    const spentWithMails = addCpuSpent({}, cpu0, cpuSnapshot(platform));
    // The bench's mails are its own: removed from the shared mail folder.
    for (const f of mailsOf(schoolName, mailsSince)) fs.rmSync(f, { force: true });

    const perK = (name, of = spent) => ((of[name] ?? 0) * 1000) / ROWS;
    const allPerK = (of) => Object.keys(of).reduce((sum, n) => sum + perK(n, of), 0);
    const rowsPerS = ROWS / wallS;
    const progressSeen = [...new Set(progress)];
    const rows = [
      {
        figure: 'rows applied',
        value: `${ROWS.toLocaleString('en')} (${r.created} created, ${r.classes_created} classes, ${r.enrolments_added} enrolments)`,
      },
      { figure: 'wall seconds for the apply (upload to done)', value: round(wallS, 1) },
      { figure: 'seconds until the 202 (upload read and planned)', value: round(acceptedS, 1) },
      { figure: 'rows/s', value: round(rowsPerS, 0) },
      { figure: 'CPU s per 1,000 rows: schools', value: round(perK('schools'), 2) },
      { figure: 'CPU s per 1,000 rows: auth', value: round(perK('auth'), 2) },
      { figure: 'CPU s per 1,000 rows: schools + auth', value: round(perK('schools') + perK('auth'), 2) },
      {
        figure: 'CPU s per 1,000 rows: users, billing, gateway, postgres, nats-server',
        value: ['users', 'billing', 'gateway', 'postgres', 'nats-server'].map((n) => round(perK(n), 2)).join(', '),
      },
      { figure: 'CPU s per 1,000 rows: all processes', value: round(allPerK(spent), 2) },
      {
        figure: 'CPU s per 1,000 rows until the last mail: all; auth, postgres, nats-server',
        value: `${round(allPerK(spentWithMails), 2)}; ${['auth', 'postgres', 'nats-server'].map((n) => round(perK(n, spentWithMails), 2)).join(', ')}`,
      },
      {
        figure: 'schools RSS before / peak during (MB)',
        value: `${round(rssBefore?.rss ?? NaN, 0)} / ${round(peakRss, 0)} (VmHWM ${round(hwm, 0)})`,
      },
      {
        figure: 'progress seen (GET …/roster/imports/{import_id})',
        value: `${progressSeen.length} distinct: ${progressSeen.slice(0, 3).join(', ')}${progressSeen.length > 3 ? ', …, ' + progressSeen.at(-1) : ''}`,
      },
      {
        figure: 'invitation mails written after the import was done',
        value: mailsS === null ? `${mails} of ${ROWS} within ${MAILS_LIMIT_MS / 60_000} min` : `${ROWS} in ${round(mailsS, 1)} s`,
      },
      {
        figure: 'machine load (1/5/15 min)',
        value: os
          .loadavg()
          .map((l) => round(l, 2))
          .join(' / '),
      },
    ];
    return {
      rows,
      summary: [
        {
          what: `roster import, ${ROWS.toLocaleString('en')} rows`,
          now: `${round(wallS, 1)} s (${round(rowsPerS, 0)} rows/s; all processes ${round(allPerK(spent), 2)} CPU s/1,000 rows, ${round(allPerK(spentWithMails), 2)} with the mails; schools peak RSS ${round(peakRss, 0)} MB; load ${round(os.loadavg()[0], 1)}; ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'CPU'})`,
          goal: `10,000 rows under ${GOAL_S} s${ROWS === 10_000 ? '' : ' (the same rate)'}`,
          met: wallS < (GOAL_S * ROWS) / 10_000,
        },
      ],
    };
  },
};
