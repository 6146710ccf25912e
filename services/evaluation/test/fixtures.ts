import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export { makeDocx, makePdf, multipart, type FilePart } from '@corestone/documents/testing';

export const ESSAY = `To what extent does the use of renewable energy reduce carbon emissions in coastal cities?
This essay investigates the question with data from three case studies and evaluates the method used.
The analysis compares emissions before and after solar adoption, and reflects on the limits of the evidence.`;

/**
 * An event's data built by Postgres (store/evaluations.ts QUEUE_SUBMITTED, QUEUE_COMPLETED; nothing
 * checks it when written) satisfies its contract schema and holds exactly `fields`, each one of the
 * schema's properties: none missing, none extra.
 */
export function expectExactly(schema: TObject, data: object, fields: string[]): void {
  expect([...Value.Errors(schema, data)].map((e) => `${e.path} ${e.message}`)).toEqual([]);
  expect(fields.filter((f) => !(f in schema.properties))).toEqual([]);
  expect(Object.keys(data).sort()).toEqual([...fields].sort());
}

/** The fields of every `evaluation.submitted.v1` (the grading job); the stated ones come on top. */
export const JOB_FIELDS = [
  'evaluation_id',
  'user_id',
  'essay_type',
  'title',
  'subject_area',
  'text',
  'word_count',
  'rubric',
  'attempt',
  'school_id',
];

/** A real zip (deflated entries, CRCs, central directory), built by hand so huge entries stay fast. */
export function makeZip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data, { level: 1 });
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A .docx that is a zip bomb: a real document plus one part of 210 MB of zeros (~200 KB packed). */
export function makeZipBombDocx(): Buffer {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  return makeZip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Boom</w:t></w:r></w:p></w:body></w:document>',
      ),
    },
    { name: 'word/media/padding.bin', data: Buffer.alloc(210 * 1024 * 1024) },
  ]);
}

/** A PDF written by pdfkit: with `userPassword` it is encrypted; with `image` it holds only a picture (a "scan"). */
export function makePdfWith(opts: { text?: string; userPassword?: string; image?: boolean }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    userPassword: opts.userPassword,
    ownerPassword: opts.userPassword ? 'owner' : undefined,
    pdfVersion: '1.7',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((r) => doc.on('end', () => r(Buffer.concat(chunks))));
  if (opts.text) doc.text(opts.text);
  if (opts.image) doc.image(makePng(64, 32), 50, 50, { width: 400 });
  doc.end();
  return done;
}

/** A real grey-gradient PNG (8-bit greyscale), built with zlib. */
export function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = (x * 4 + y * 2) & 0xff;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of a Windows executable, padded: what a renamed .exe looks like. */
export function fakeExe(): Buffer {
  const b = Buffer.alloc(4096);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  b.write('PE\0\0', 128, 'latin1');
  return b;
}
