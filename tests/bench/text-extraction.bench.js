const { randomBytes } = require('node:crypto');
const PDFDocument = require('pdfkit');
const { extractText, countWords } = require('@corestone/documents');
const { makeDocx } = require('@corestone/documents/testing');
const { round } = require('./load');
const { api, essayText, unlimitedTeacher } = require('./platform-api');

const WORDS = 3000;
/** Just under the 20 MB upload limit. */
const BIG_PDF_BYTES = 20 * 1024 * 1024 - 256 * 1024;
const RUNS = 3;

/** `n` words of the system-test essay, in paragraphs of ~120 words. */
function paragraphs(n, tag) {
  const words = essayText().split(/\s+/).filter(Boolean);
  const out = [];
  for (let i = 0; i < n; i += 120) {
    out.push(Array.from({ length: Math.min(120, n - i) }, (_, j) => words[(i + j) % words.length]).join(' '));
  }
  out[0] = `${tag} ${out[0]}`; // each file distinct: an unchanged essay would be answered from the stored result
  return out;
}

/** A real multi-page PDF (pdfkit, Helvetica); `attachment` bytes embedded as a file (a 20 MB PDF is mostly images or attachments). */
function makePdf(paras, attachment) {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56 });
    const chunks = [];
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(11);
    for (const p of paras) doc.text(p, { paragraphGap: 6 });
    if (attachment) doc.file(attachment, { name: 'appendix-data.bin', type: 'application/octet-stream' });
    doc.end();
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

module.exports = {
  title: 'Text extraction: 3,000-word .docx and .pdf, and a 20 MB PDF',
  measures: `@corestone/documents extractText (the worker thread with its memory and time caps, as evaluation and rubric use it), median of ${RUNS} runs (first run reported apart: it loads the parser), and the same file uploaded to POST /evaluation/evaluate-async through the gateway (time until 201; extraction is inside it). The 20 MB PDF is ${WORDS} words of text plus a ${round(BIG_PDF_BYTES / 1024 / 1024, 1)} MB embedded incompressible attachment.`,
  async run(platform) {
    const call = api(platform.gatewayUrl);
    const token = await unlimitedTeacher(call);
    const rubric = (await call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];
    const files = [
      { name: 'essay.docx', kind: 'docx', make: (tag) => makeDocx(paragraphs(WORDS, tag)) },
      { name: 'essay.pdf', kind: 'pdf', make: (tag) => makePdf(paragraphs(WORDS, tag)) },
      {
        name: 'essay-20mb.pdf',
        kind: 'pdf',
        make: async (tag) => {
          const base = await makePdf(paragraphs(WORDS, tag));
          return makePdf(paragraphs(WORDS, tag), randomBytes(BIG_PDF_BYTES - base.length - 4096));
        },
      },
    ];
    const rows = [];
    for (const f of files) {
      const times = [];
      let words = 0;
      let size = 0;
      for (let i = 0; i <= RUNS; i++) {
        const data = await f.make(`bench-${Date.now()}-${i}`);
        size = data.length;
        const t0 = process.hrtime.bigint();
        const text = await extractText(f.kind, data);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
        words = countWords(text);
      }
      const upload = await f.make(`bench-upload-${Date.now()}`);
      const form = new FormData();
      form.append('title', 'Extraction bench');
      form.append('essay_type', 'ee');
      form.append('rubric_id', rubric.id);
      form.append('file', new Blob([upload]), f.name);
      const t0 = Date.now();
      const up = await call('POST', '/evaluation/evaluate-async', { token, form });
      const uploadMs = Date.now() - t0;
      if (up.status !== 201) throw new Error(`${f.name}: upload answered ${up.status} ${JSON.stringify(up.body)}`);
      rows.push({
        file: f.name,
        KB: round(size / 1024, 0),
        words,
        'first ms': round(times[0], 0),
        'median ms': round(median(times.slice(1)), 0),
        'upload → 201 ms': uploadMs,
        'upload words': up.body.extractedWordCount ?? up.body.word_count ?? '',
      });
    }
    return rows;
  },
};
