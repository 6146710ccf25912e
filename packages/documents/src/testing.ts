/** Real documents and upload bodies for tests: generated here, byte by byte, never checked in. */
import * as CFB from 'cfb';
import JSZip from 'jszip';

/** Characters of Windows-1252 outside Latin-1 that rubric documents use (dashes, quotes, bullet). */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

/** A PDF string's bytes in WinAnsiEncoding, the standard 14 fonts' encoding. */
function winAnsi(s: string): string {
  return [...s].map((ch) => String.fromCharCode(WIN_ANSI[ch] ?? (ch.charCodeAt(0) <= 0xff ? ch.charCodeAt(0) : 0x3f))).join('');
}

/** A real one-page PDF (Helvetica text, WinAnsiEncoding), built byte by byte with a correct xref table. */
export function makePdf(lines: string[]): Buffer {
  const esc = (s: string) => winAnsi(s).replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
  const content = ['BT', '/F1 12 Tf', '72 720 Td', '14 TL', ...lines.map((l) => `(${esc(l)}) Tj T*`), 'ET'].join('\n');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  return pdfOf(objs);
}

/** A PDF of `pages` empty pages sharing one empty content stream (a page bomb: ~120 bytes a page). */
export function makeManyPagePdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  for (let i = 0; i < pages; i++) objs.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>');
  return pdfOf(objs);
}

/** A one-page PDF whose page dictionary holds an array nested `depth` levels deep. */
export function makeDeeplyNestedPdf(depth: number): Buffer {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Deep ${nested} >>`,
    '<< /Length 0 >>\nstream\n\nendstream',
  ]);
}

function pdfOf(objs: string[]): Buffer {
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` + offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const W_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const escXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A real .docx around a WordprocessingML body (`bodyXml`, the content of w:body), its main part
 * at `mainPart` (named by _rels/.rels, as Word does), with the namespace prefix `w` unless told.
 */
export async function makeDocxOf(
  bodyXml: string,
  opts: { mainPart?: string; prefix?: string; rootAttributes?: string } = {},
): Promise<Buffer> {
  const mainPart = opts.mainPart ?? 'word/document.xml';
  const w = opts.prefix ?? 'w';
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/${mainPart}" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${mainPart}"/>
</Relationships>`,
  );
  zip.file(
    mainPart,
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<${w}:document xmlns:${w}="${W_NAMESPACE}" ${opts.rootAttributes ?? ''}><${w}:body>${bodyXml}</${w}:body></${w}:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A real minimal .docx (WordprocessingML in a zip), one paragraph per line. */
export function makeDocx(paragraphs: string[]): Promise<Buffer> {
  return makeDocxOf(paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escXml(p)}</w:t></w:r></w:p>`).join(''));
}

/**
 * A .docx with the markup Word writes around the same text: paragraph and run properties, revision
 * ids, a run every few words, proofing marks and bookmarks — several times the XML of makeDocx.
 */
export function makeWordDocx(paragraphs: string[]): Promise<Buffer> {
  const rPr =
    '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Times New Roman"/><w:sz w:val="24"/><w:szCs w:val="24"/><w:lang w:val="en-GB"/></w:rPr>';
  const body = paragraphs
    .map((p, i) => {
      const words = p.split(' ');
      const runs: string[] = [];
      for (let j = 0; j < words.length; j += 5) {
        const text = words.slice(j, j + 5).join(' ') + (j + 5 < words.length ? ' ' : '');
        runs.push(`<w:r w:rsidRPr="00112233">${rPr}<w:t xml:space="preserve">${escXml(text)}</w:t></w:r>`);
        if (j % 20 === 0) runs.push('<w:proofErr w:type="spellStart"/>');
      }
      return (
        `<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00D4E5F6" w:rsidP="00${String(i).padStart(6, '0')}">` +
        `<w:pPr><w:spacing w:after="160" w:line="360" w:lineRule="auto"/><w:jc w:val="both"/>${rPr}</w:pPr>` +
        `<w:bookmarkStart w:id="${i}" w:name="_Toc${i}"/>${runs.join('')}<w:bookmarkEnd w:id="${i}"/></w:p>`
      );
    })
    .join('');
  return makeDocxOf(
    `${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440"/></w:sectPr>`,
  );
}

export interface FilePart {
  name: string;
  data: Buffer | string;
  contentType?: string;
}

/** A multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, file?: FilePart): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----corestone${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.data) ? file.data : Buffer.from(file.data));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A real Word 97-2003 .doc: an OLE compound file holding a WordDocument stream (FIB, then the
 * text as UTF-16) and a 1Table stream with a one-piece piece table — the parts a reader needs.
 */
export function makeDoc(paragraphs: string[]): Buffer {
  const text = paragraphs.map((p) => `${p}\r`).join('');
  const textBytes = Buffer.from(text, 'utf16le');
  const textAt = 0x800;
  const wordDocument = Buffer.alloc(textAt + textBytes.length);
  wordDocument.writeUInt16LE(0xa5ec, 0x00); // wIdent
  wordDocument.writeUInt16LE(0x00c1, 0x02); // nFib: Word 97
  wordDocument.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  wordDocument.writeUInt32LE(textAt, 0x18); // fcMin
  wordDocument.writeUInt32LE(text.length, 0x4c); // ccpText
  textBytes.copy(wordDocument, textAt);
  // Clx: one Pcdt (0x02) holding a PlcPcd of two CPs and one PCD whose fc points at the text.
  const table = Buffer.alloc(21);
  table.writeUInt8(0x02, 0);
  table.writeUInt32LE(16, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt32LE(textAt, 15); // bit 30 clear: the piece is UTF-16
  wordDocument.writeUInt32LE(0, 0x1a2); // fcClx
  wordDocument.writeUInt32LE(table.length, 0x1a6); // lcbClx
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, 'WordDocument', wordDocument);
  CFB.utils.cfb_add(container, '1Table', table);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}
