/**
 * Bulk loading for the scale seed: rows streamed into `COPY <table> (<columns>) FROM STDIN` (text
 * format) through pg-copy-streams, written in chunks of ~1 MB so that generating the rows (Node) and
 * storing them (Postgres) run side by side on the two cores.
 */
const { from: copyFrom } = require('pg-copy-streams');

/** One value in COPY's text format: null → \N, objects as JSON, arrays as Postgres array literals. */
function field(v) {
  if (v === null || v === undefined) return '\\N';
  let s;
  if (v instanceof Date) s = v.toISOString();
  else if (Array.isArray(v)) s = `{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  else if (typeof v === 'object') s = JSON.stringify(v);
  else s = String(v);
  return s.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

const CHUNK = 1 << 20;

/**
 * COPYs the rows `generate()` yields (arrays in `columns` order) into `schema.table`; returns the
 * number of rows. `client` is a pg Client in no transaction or the caller's.
 */
async function copyRows(client, schema, table, columns, generate) {
  // The schema's trigger functions name its tables unqualified, as its service (connected with
  // this search_path) runs them: a user's count, a school's usage, an evaluation's rollups.
  await client.query(`SET search_path = "${schema}", public`);
  const stream = client.query(copyFrom(`COPY "${schema}"."${table}" (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
  let failed = null;
  const done = new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', (err) => {
      failed = err;
      reject(err);
    });
  });
  done.catch(() => undefined); // awaited below; a failure also ends the writing loop
  let buffer = '';
  let rows = 0;
  for (const row of generate()) {
    buffer += `${row.map(field).join('\t')}\n`;
    rows++;
    if (buffer.length >= CHUNK) {
      const ok = stream.write(buffer);
      buffer = '';
      if (!ok) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done]);
      if (failed) break;
    }
  }
  stream.end(buffer);
  await done;
  return rows;
}

module.exports = { copyRows, field };
