const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');

/** The built-in grader in this process (built by the bench's build step), as the grading worker runs it. */
const dist = path.join(__dirname, '..', '..', 'services', 'grading', 'dist', 'domain');
const WORDS = 4000;
const WARM_UP = 150;
const RUNS = 300;
const GOAL_MS = 10;
const fixture = (name) => fs.readFileSync(path.join(__dirname, '..', '..', 'services', 'grading', 'test', 'fixtures', name), 'utf8');

/** An essay's words repeated to WORDS words (English: the grading pipeline bench's essay, the system-test one). */
function essay(source = essayText()) {
  const words = source.split(/\s+/).filter(Boolean);
  return `Built-in grader bench\n${Array.from({ length: WORDS - 1 }, (_, i) => words[i % words.length]).join(' ')}`;
}

/** Issue 36: French and Spanish EEs (the grading tests' essays), graded in their language with their own dictionaries. */
const OTHER_LANGUAGES = [
  { lang: 'fr', name: 'French', fixture: 'ee-fr-good.txt' },
  { lang: 'es', name: 'Spanish', fixture: 'ee-es-good.txt' },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function job(text, essayType, rubric) {
  return {
    evaluation_id: '0193a000-0000-7000-8000-000000000001',
    user_id: '0193a000-0000-7000-8000-000000000002',
    essay_type: essayType,
    title: essayType === 'ee' ? 'The sugar levy and the reformulation of soft drinks' : 'The more certain we are, the less we question',
    subject_area: essayType === 'ee' ? 'Economics' : 'Theory of Knowledge',
    text,
    word_count: text.split(/\s+/).filter(Boolean).length,
    rubric,
  };
}

/** Warm median wall time and CPU per grading of `j` (process.cpuUsage over the timed runs). */
function timeGrading(gradeBuiltin, j) {
  for (let i = 0; i < WARM_UP; i++) gradeBuiltin(j);
  const times = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    gradeBuiltin(j);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    median: median(times),
    p95: [...times].sort((a, b) => a - b)[Math.floor(RUNS * 0.95)],
    cpu: (cpu.user + cpu.system) / 1000 / RUNS,
  };
}

module.exports = {
  title: `Built-in grader (issue 33 §4, issue 36): one ${WORDS.toLocaleString('en')}-word essay in English, French and Spanish, in one process, and its marks on the project's essays`,
  measures: `gradeBuiltin from services/grading/dist on the platform's default EE and TOK rubrics: the dictionaries and word-frequency list loaded once (timed apart, French and Spanish too), then ${WARM_UP} gradings to warm up and ${RUNS} timed (median and p95 wall time, CPU per grading from process.cpuUsage) — the English essay as EE and TOK, the French and Spanish EEs (services/grading/test/fixtures, repeated to ${WORDS.toLocaleString('en')} words; language detection included) as EE. Then the marks the built-in grader gives the project's essays (services/grading/test/fixtures).`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubrics = {
      ee: (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0],
      tok: (await call('GET', '/rubrics/active?rubric_type=tok', { token })).body[0],
    };
    const { loadLexicon, loadDictionary } = require(path.join(dist, 'lexicon.js'));
    const { gradeBuiltin } = require(path.join(dist, 'builtin.js'));
    const t0 = process.hrtime.bigint();
    const c0 = process.cpuUsage();
    loadLexicon();
    const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
    const loadCpu = process.cpuUsage(c0);
    const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`;
    const text = essay();
    const rows = [{ figure: 'machine', value: machine }];
    rows.push({
      figure: 'dictionaries + word frequencies loaded (once per process)',
      value: `${round(loadMs, 0)} ms wall, ${round((loadCpu.user + loadCpu.system) / 1000, 0)} ms CPU`,
    });
    for (const { lang, name } of OTHER_LANGUAGES) {
      const t = process.hrtime.bigint();
      const c = process.cpuUsage();
      loadDictionary(lang);
      const cpu = process.cpuUsage(c);
      rows.push({
        figure: `${name} dictionary loaded (once per process, on the first ${name} essay)`,
        value: `${round(Number(process.hrtime.bigint() - t) / 1e6, 0)} ms wall, ${round((cpu.user + cpu.system) / 1000, 0)} ms CPU`,
      });
    }
    const timed = {};
    for (const type of ['ee', 'tok']) {
      const t = timeGrading(gradeBuiltin, job(text, type, rubrics[type]));
      timed[type] = t;
      rows.push({
        figure: `grading, ${WORDS.toLocaleString('en')} words, default ${type.toUpperCase()} rubric`,
        value: `median ${round(t.median, 2)} ms, p95 ${round(t.p95, 2)} ms, CPU ${round(t.cpu, 2)} ms per grading`,
      });
    }
    for (const { lang, name, fixture: file } of OTHER_LANGUAGES) {
      const j = job(essay(fixture(file)), 'ee', rubrics.ee);
      const language = gradeBuiltin(j).language;
      if (language !== lang) throw new Error(`${file} repeated to ${WORDS} words was read as ${language}, not ${lang}`);
      const t = timeGrading(gradeBuiltin, j);
      timed[lang] = t;
      rows.push({
        figure: `grading, ${WORDS.toLocaleString('en')} words, default EE rubric, in ${name}`,
        value: `median ${round(t.median, 2)} ms, p95 ${round(t.p95, 2)} ms, CPU ${round(t.cpu, 2)} ms per grading`,
      });
    }
    rows.push({
      figure: 'load average (1, 5, 15 min) after the timed gradings',
      value: os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', '),
    });
    for (const [name, type] of [
      ['ee-good.txt', 'ee'],
      ['weak.txt', 'ee'],
      ['very-weak.txt', 'ee'],
      ['tok-good.txt', 'tok'],
      ['weak.txt', 'tok'],
      ['ee-fr-good.txt', 'ee'],
      ['ee-fr-weak.txt', 'ee'],
      ['ee-es-good.txt', 'ee'],
      ['ee-es-weak.txt', 'ee'],
    ]) {
      const r = gradeBuiltin(job(fixture(name), type, rubrics[type]));
      rows.push({
        figure: `${name} as ${type.toUpperCase()} (default rubric)`,
        value: `${r.totalPoints}/${r.maxPoints} (${r.percentage}%, ${r.overallGrade})`,
      });
    }
    // Judged on CPU per grading (counted work): on a shared machine the wall time also counts the waits for a core.
    const worst = Math.max(...Object.values(timed).map((t) => t.cpu));
    return {
      rows,
      summary: [
        {
          what: `built-in grader, ${WORDS.toLocaleString('en')} words, CPU per grading (${os.cpus()[0]?.model ?? 'CPU'}, load ${os.loadavg()[0].toFixed(0)})`,
          now: `EE ${round(timed.ee.cpu, 2)} ms, TOK ${round(timed.tok.cpu, 2)} ms, French EE ${round(timed.fr.cpu, 2)} ms, Spanish EE ${round(timed.es.cpu, 2)} ms (wall median ${round(timed.ee.median, 2)} / ${round(timed.tok.median, 2)} / ${round(timed.fr.median, 2)} / ${round(timed.es.median, 2)} ms)`,
          goal: `≤ ${GOAL_MS} ms CPU`,
          met: worst <= GOAL_MS,
        },
      ],
    };
  },
};
