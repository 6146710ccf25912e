'use strict';
/**
 * Reading a .docx's zip container: its central directory (checked before anything is inflated) and
 * one entry at a time. Plain CommonJS: the pool's worker uses it, and extract.ts refuses a zip bomb
 * with it on the caller's thread before the upload goes to the pool (zip.d.ts types it there).
 */
const zlib = require('node:zlib');

/** Most a .docx may expand to, and most parts it may hold (a real essay is far below both). */
const MAX_DOCX_EXPANDED_BYTES = 200 * 1024 * 1024;
const MAX_DOCX_ENTRIES = 5000;

/** A document refused for a reason the student can act on: `unreadable` or `refused`, with a message. */
class Refusal extends Error {
  constructor(reason, message) {
    super(message);
    this.reason = reason;
  }
}
const broken = (why) => new Refusal('unreadable', why);

/**
 * The zip's entries from its central directory: name → where its data is and what it declares.
 * Refuses a zip that declares too many entries or too many bytes (nothing inflated yet).
 */
function centralDirectory(data) {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw broken('no zip central directory');
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const refused = new Refusal(
    'refused',
    `The .docx file expands to more than ${MAX_DOCX_EXPANDED_BYTES / 1024 / 1024} MB or ${MAX_DOCX_ENTRIES} parts and is not accepted`,
  );
  // ZIP64 markers: sizes beyond 4 GB are never a student's essay.
  if (count === 0xffff || at === 0xffffffff || count > MAX_DOCX_ENTRIES) throw refused;
  const entries = new Map();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL) throw broken('bad central directory');
    const nameLength = data.readUInt16LE(at + 28);
    const entry = {
      flags: data.readUInt16LE(at + 8),
      method: data.readUInt16LE(at + 10),
      compressed: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      local: data.readUInt32LE(at + 42),
    };
    if (entry.size === 0xffffffff || entry.compressed === 0xffffffff) throw refused;
    total += entry.size;
    if (total > MAX_DOCX_EXPANDED_BYTES) throw refused;
    entries.set(data.toString('utf8', at + 46, at + 46 + nameLength), entry);
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** One entry's bytes, inflated with its output capped at what it declared (a lying size is refused, not followed). */
function readEntry(data, entry) {
  if (entry.flags & 1) throw new Refusal('refused', 'The .docx file is encrypted; please upload a copy without a password');
  const at = entry.local;
  if (at + 30 > data.length || data.readUInt32LE(at) !== 0x04034b50) throw broken('bad local header');
  const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  const raw = data.subarray(start, start + entry.compressed);
  if (raw.length !== entry.compressed) throw broken('truncated entry');
  if (entry.method === 0) return raw;
  if (entry.method !== 8) throw broken(`compression method ${entry.method}`);
  try {
    return zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
  } catch (err) {
    if (err && err.code === 'ERR_BUFFER_TOO_LARGE') {
      throw new Refusal('refused', 'The .docx file expands further than it declares and is not accepted');
    }
    throw broken('bad deflate data');
  }
}

module.exports = { Refusal, broken, centralDirectory, readEntry };
