const { makeDocx } = require('@corestone/documents/testing');
const { round } = require('./load');
const { api, unlimitedTeacher } = require('./platform-api');
const { addCpuSpent, cpuPerItem, cpuSnapshot, machine } = require('./cpu-time');
const { drain } = require('./intake.bench');
const { makePdf, paragraphs: essayParagraphs } = require('./text-extraction.bench');

const WORDS = 3000;
/** Essays per kind and round (each distinct), after a warm-up of WARM_UP per kind; ROUNDS rounds alternate the kinds. */
const PER_ROUND = 80;
const ROUNDS = 2;
const WARM_UP = 40;
const CONCURRENCY = 8;
/** Issue 34: CPU per accepted .docx essay at most this many times that of the same essay as .txt. */
const GOAL_DOCX_RATIO = 1.5;

/** `WORDS` words of the system-test essay in paragraphs of ~120 words, the first starting with `tag` (each essay distinct). */
const paragraphs = (tag) => essayParagraphs(WORDS, tag);

const KINDS = [
  { kind: 'txt', make: async (tag) => Buffer.from(paragraphs(tag).join('\n\n')) },
  { kind: 'docx', make: (tag) => makeDocx(paragraphs(tag)) },
  { kind: 'pdf', make: (tag) => makePdf(paragraphs(tag)) },
];

/** Uploads `files` through the gateway, `CONCURRENCY` at a time; how many were accepted (201). */
async function uploadAll(call, { token, rubricId }, kind, files) {
  let next = 0;
  let accepted = 0;
  const refusals = [];
  const worker = async () => {
    while (next < files.length) {
      const data = files[next++];
      const form = new FormData();
      form.append('title', 'Essay cost bench');
      form.append('essay_type', 'ee');
      form.append('rubric_id', rubricId);
      form.append('file', new Blob([data]), `essay.${kind}`);
      const up = await call('POST', '/evaluation/evaluate-async', { token, form });
      if (up.status === 201) accepted++;
      else refusals.push(`${up.status} ${up.body?.code ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (refusals.length) throw new Error(`.${kind}: ${refusals.length} uploads refused (${[...new Set(refusals)].join(', ')})`);
  return accepted;
}

module.exports = {
  KINDS,
  uploadAll,
  title: `CPU per essay, upload to graded: the same ${WORDS.toLocaleString('en')}-word EE as .txt, .docx and .pdf side by side (built-in grader)`,
  measures: `Distinct ${WORDS}-word EEs (the system-test essay; each file's first word differs, since an unchanged essay is answered from its stored result) uploaded through the gateway to POST /evaluation/evaluate-async, ${CONCURRENCY} at a time, ${PER_ROUND} per kind in each of ${ROUNDS} rounds that alternate .txt, .docx and .pdf, after a warm-up of ${WARM_UP} per kind (not counted; the extraction pool and V8 warm, as in a service that has run for a while). Counted from the first upload of a batch until every essay of it is graded (the built-in grader): the CPU time of every platform process (with the pdftotext subprocesses evaluation waited for), Postgres's backends and nats-server, read from /proc, divided by the essays accepted (Postgres and nats-server serve the whole machine, so on a shared one other work lands in their figures: the platform-only row leaves them out) — intake, extraction, charging, queueing, grading and storing the result, plus the processes' idle timers meanwhile and the bench's polling for the end (a few requests a second). Files are made before the clock starts. Goal (issue 34): .docx ≤ ${GOAL_DOCX_RATIO} × .txt. Machine: ${machine()}.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call, 'essay-cost');
    const rubricId = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0].id;
    const tag = Date.now().toString(36);
    const filesOf = (k, n, label) => Promise.all(Array.from({ length: n }, (_, i) => k.make(`cost-${tag}-${k.kind}-${label}-${i}`)));
    await drain(call, token);
    for (const k of KINDS) await uploadAll(call, { token, rubricId }, k.kind, await filesOf(k, WARM_UP, 'warm'));
    await drain(call, token);
    const spent = Object.fromEntries(KINDS.map((k) => [k.kind, {}]));
    const accepted = Object.fromEntries(KINDS.map((k) => [k.kind, 0]));
    for (let r = 0; r < ROUNDS; r++) {
      for (const k of KINDS) {
        const files = await filesOf(k, PER_ROUND, `r${r}`);
        const before = cpuSnapshot(platform);
        accepted[k.kind] += await uploadAll(call, { token, rubricId }, k.kind, files);
        const left = await drain(call, token);
        if (left.left) throw new Error(`.${k.kind}: ${left.left} essays not graded after 600 s`);
        addCpuSpent(spent[k.kind], before, cpuSnapshot(platform));
      }
    }
    const cost = Object.fromEntries(KINDS.map((k) => [k.kind, cpuPerItem(spent[k.kind], accepted[k.kind])]));
    const names = [...new Set(KINDS.flatMap((k) => Object.keys(cost[k.kind].per)))].sort(
      (a, b) => (cost.docx.per[b] ?? 0) - (cost.docx.per[a] ?? 0),
    );
    // Postgres and nats-server serve the whole machine: on a shared one, others' tests land in their figures.
    const shared = new Set(['postgres', 'nats-server']);
    const platformOnly = (kind) => Object.entries(cost[kind].per).reduce((s, [name, ms]) => (shared.has(name) ? s : s + ms), 0);
    const rows = [
      { 'CPU ms per essay': 'all processes', ...Object.fromEntries(KINDS.map((k) => [`.${k.kind}`, round(cost[k.kind].total, 1)])) },
      {
        'CPU ms per essay': 'platform processes (without the machine-wide Postgres and NATS)',
        ...Object.fromEntries(KINDS.map((k) => [`.${k.kind}`, round(platformOnly(k.kind), 1)])),
      },
      ...names.map((name) => ({
        'CPU ms per essay': name,
        ...Object.fromEntries(KINDS.map((k) => [`.${k.kind}`, round(cost[k.kind].per[name] ?? 0, 1)])),
      })),
      {
        'CPU ms per essay': '× the .txt essay: all processes / platform processes',
        ...Object.fromEntries(
          KINDS.map((k) => [
            `.${k.kind}`,
            `${round(cost[k.kind].total / cost.txt.total, 2)} / ${round(platformOnly(k.kind) / platformOnly('txt'), 2)}`,
          ]),
        ),
      },
      { 'CPU ms per essay': 'essays (accepted and graded)', ...Object.fromEntries(KINDS.map((k) => [`.${k.kind}`, accepted[k.kind]])) },
    ];
    const ratio = cost.docx.total / cost.txt.total;
    const summary = [
      {
        what: `CPU per ${WORDS.toLocaleString('en')}-word essay upload → graded, .docx vs .txt (all processes)`,
        now: `.docx ${round(cost.docx.total, 1)} ms = ${round(ratio, 2)} × .txt ${round(cost.txt.total, 1)} ms (.pdf ${round(cost.pdf.total, 1)} ms; platform processes alone ${round(platformOnly('docx') / platformOnly('txt'), 2)} ×)`,
        goal: `≤ ${GOAL_DOCX_RATIO} × .txt`,
        met: ratio <= GOAL_DOCX_RATIO,
      },
    ];
    return { rows, summary };
  },
};
