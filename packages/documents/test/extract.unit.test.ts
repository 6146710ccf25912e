import { ExtractError, FILE_KINDS, MAX_PDF_PAGES, RUBRIC_FILE_KINDS, countWords, extractText, kindOf } from '../src';
import { makeDeeplyNestedPdf, makeDoc, makeDocx, makeDocxOf, makeManyPagePdf, makePdf, makeWordDocx } from '../src/testing';

describe('kindOf with an accepted list', () => {
  it('accepts .doc only where the caller lists it', () => {
    expect(kindOf('rubric.DOC', RUBRIC_FILE_KINDS)).toBe('doc');
    expect(kindOf('rubric.doc', FILE_KINDS)).toBeNull();
    expect(kindOf('rubric.doc')).toBeNull();
    expect(kindOf('rubric.odt', RUBRIC_FILE_KINDS)).toBeNull();
  });
});

describe('countWords', () => {
  // The definition it must keep: the pieces of a split on \s+, empty ones ignored.
  const bySplit = (text: string) => text.split(/\s+/).filter(Boolean).length;

  it('counts every character a regular expression calls whitespace as a separator, and nothing else', () => {
    // one expect over the list of disagreements: 65,536 expect calls took half a minute of CPU
    const disagreements: Array<[number, number, number]> = [];
    for (let c = 0; c <= 0xffff; c++) {
      const text = `a${String.fromCharCode(c)}b`;
      const counted = countWords(text);
      const split = bySplit(text);
      if (counted !== split) disagreements.push([c, counted, split]);
    }
    expect(disagreements).toEqual([]);
  });

  it('agrees with the split on random texts of words, spaces of every kind, punctuation and astral characters', () => {
    const pieces = [
      'word',
      'é',
      '—',
      '42',
      '😀',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u2003',
      '\u3000',
      '\ufeff',
      '\u200b',
      '\u0085',
      '',
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    for (let t = 0; t < 500; t++) {
      const text = Array.from({ length: t % 60 }, () => pieces[next()]).join('');
      expect([text, countWords(text)]).toEqual([text, bySplit(text)]);
    }
    expect(countWords('')).toBe(0);
  });
});

describe('extractText of .docx files (the main part read by a streaming XML tokenizer)', () => {
  const NAMESPACES =
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:v="urn:schemas-microsoft-com:vml" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
  const para = (...content: string[]) => `<w:p>${content.join('')}</w:p>`;

  it('reads what Word shows: insertions, tabs, line breaks, field results, hyperlinks, tables and a text box once; not deleted text or field codes', async () => {
    const body = [
      para(run('Title')),
      para(
        run('Before '),
        '<w:del w:id="1" w:author="A"><w:r><w:delText>removed words</w:delText></w:r></w:del>',
        '<w:ins w:id="2" w:author="A">',
        run('inserted'),
        '</w:ins>',
        '<w:r><w:tab/><w:t>after tab</w:t><w:br/><w:t>next line</w:t></w:r>',
      ),
      para(
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> HYPERLINK "https://example.org" </w:instrText></w:r>',
        '<w:r><w:fldChar w:fldCharType="separate"/></w:r>',
        run('link text'),
        '<w:r><w:fldChar w:fldCharType="end"/></w:r><w:hyperlink r:id="rId9">',
        run(' and a hyperlink'),
        '</w:hyperlink>',
      ),
      `<w:tbl><w:tblPr><w:tblW w:w="0"/></w:tblPr><w:tr><w:tc><w:tcPr/>${para(run('cell one'))}</w:tc><w:tc>${para(run('cell two'))}</w:tc></w:tr></w:tbl>`,
      para(
        '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><w:txbxContent>',
        para(run('box text')),
        '</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox><w:txbxContent>',
        para(run('box text')),
        '</w:txbxContent></v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>',
      ),
      para('<w:r><w:rPr><w:b/></w:rPr><w:t>Caf&#233; &amp; &lt;b&gt; non</w:t><w:noBreakHyphen/><w:t>breaking</w:t></w:r>'),
    ].join('');
    const text = await extractText('docx', await makeDocxOf(body, { rootAttributes: NAMESPACES }));
    expect(text).toBe(
      'Title\n\nBefore inserted\tafter tab\nnext line\n\nlink text and a hyperlink\n\ncell one\n\ncell two\n\nbox text\n\n\n\nCafé & <b> non\u2011breaking',
    );
  });

  it('gives the same text for Word-style markup (properties, revision ids, a run every few words) as for the plain form', async () => {
    const paragraphs = ['First paragraph of the essay, with a few more words than five.', 'Second & last <paragraph>.'];
    const plain = await extractText('docx', await makeDocx(paragraphs));
    expect(plain).toBe(paragraphs.join('\n\n'));
    await expect(extractText('docx', await makeWordDocx(paragraphs))).resolves.toBe(plain);
  });

  it('follows _rels/.rels to the main part and the namespace to its prefix', async () => {
    const elsewhere = await makeDocxOf(para(run('Moved main part')), { mainPart: 'word/document2.xml' });
    await expect(extractText('docx', elsewhere)).resolves.toBe('Moved main part');
    const prefixed = await makeDocxOf('<x:p><x:r><x:t>Other prefix</x:t></x:r></x:p>', { prefix: 'x' });
    await expect(extractText('docx', prefixed)).resolves.toBe('Other prefix');
  });

  it('refuses a zip without a document part as unreadable, and a part that inflates past its declared size as refused', async () => {
    const zip = await makeDocxOf(para(run('x')), { mainPart: 'word/document.xml' });
    const renamed = Buffer.from(
      zip.toString('latin1').replaceAll('_rels/.rels', '_rels/.xyzw').replaceAll('word/document.xml', 'word/documenX.xml'),
      'latin1',
    );
    await expect(extractText('docx', renamed)).rejects.toMatchObject({ reason: 'unreadable' });
    // the central directory's entry for the main part (the last occurrence of its name) says 10 bytes
    const lying = Buffer.from(await makeDocx(['A paragraph much longer than the ten bytes the directory will declare.']));
    const central = lying.lastIndexOf('word/document.xml') - 46;
    expect(lying.readUInt32LE(central)).toBe(0x02014b50);
    lying.writeUInt32LE(10, central + 24);
    await expect(extractText('docx', lying)).rejects.toMatchObject({ reason: 'refused', message: /expands further than it declares/ });
  });
});

describe('the extraction pool', () => {
  it('ends a task at its time limit (queue and run) and reads the next file with a fresh worker', async () => {
    const err = await extractText('pdf', makeManyPagePdf(20_000), { timeoutMs: 1 }).catch((e) => e);
    expect(err).toMatchObject({ reason: 'timeout', message: 'Reading the .pdf file took too long' });
    await expect(extractText('pdf', makePdf(['Still reading']))).resolves.toBe('Still reading');
    await expect(extractText('docx', await makeDocx(['And Word']))).resolves.toBe('And Word');
  });
});

describe('extractText of Word 97-2003 documents', () => {
  it('reads the paragraphs of a real generated .doc', async () => {
    const text = await extractText('doc', makeDoc(['Criterion A: Focus and method (6 marks)', 'Ünïcode paragraph two']));
    expect(text).toBe('Criterion A: Focus and method (6 marks)\nÜnïcode paragraph two');
  });

  it('refuses a .doc whose content is something else, and a broken compound file', async () => {
    await expect(extractText('doc', await makeDocx(['x']))).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(extractText('doc', Buffer.from('plain text named .doc'))).rejects.toMatchObject({ reason: 'unsupported' });
    const broken = Buffer.concat([makeDoc(['x']).subarray(0, 8), Buffer.alloc(600, 1)]);
    await expect(extractText('doc', broken)).rejects.toMatchObject({ reason: 'unreadable' });
  });
});

// What these tests check is the reason of each refusal, not how long it takes: jest's 5 s default was a
// timing assertion in disguise, which a busy 2-core machine (two jest workers, CI) missed. The
// extraction's own time limit (20 s below) is the bound; jest waits past it so that limit decides.
const BEYOND_EXTRACTION_LIMIT_MS = 30_000;

describe('document bombs are refused quickly, with a clear reason', () => {
  jest.setTimeout(BEYOND_EXTRACTION_LIMIT_MS);

  it('refuses a PDF of 20,000 empty pages from its page count, reading no more than one page past the limit', async () => {
    const bomb = makeManyPagePdf(20_000);
    // A 20 s limit instead of the usual 60 s: the refusal must come from the page count, not the clock.
    const err = await extractText('pdf', bomb, { timeoutMs: 20_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(ExtractError);
    expect(err).toMatchObject({ reason: 'refused', message: `The PDF has 20000 pages; at most ${MAX_PDF_PAGES} pages are accepted` });
  });

  it('refuses a .docx once its text passes 16 MB, not read to the end (a 600 KB .docx can hold 20 million characters)', async () => {
    const docx = await makeDocxOf(`<w:p><w:r><w:t>${'a '.repeat(9 * 1024 * 1024)}</w:t></w:r></w:p>`);
    expect(docx.length).toBeLessThan(1024 * 1024);
    await expect(extractText('docx', docx)).rejects.toMatchObject({
      reason: 'refused',
      message: /far more text than an essay or a rubric/,
    });
  });

  it('reads a PDF just under the page limit', async () => {
    await expect(extractText('pdf', makeManyPagePdf(MAX_PDF_PAGES))).resolves.toBe('');
  });

  it('refuses a PDF with an object nested 100,000 levels deep as unreadable, not a crash', async () => {
    const err = await extractText('pdf', makeDeeplyNestedPdf(100_000), { timeoutMs: 20_000 }).catch((e) => e);
    expect(err).toBeInstanceOf(ExtractError);
    expect(['unreadable', 'refused']).toContain(err.reason);
  });
});
