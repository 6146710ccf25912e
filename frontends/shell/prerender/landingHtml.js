/**
 * Writes dist/landing.html: the shell's index.html with `/` prerendered for a signed-out visitor
 * (markup, antd styles and the first-load splash), plus its brotli and gzip copies. The gateway and
 * the frontends image serve it for `/` only; every other page load gets index.html. Run after both
 * builds (package.json "build").
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { GZIP_OPTIONS, BROTLI_OPTIONS } = require('../../webpack.common');

const dist = path.join(__dirname, '..', 'dist');
const EMPTY_ROOT = '<div id="root"><div id="boot">Loading Corestone…</div></div>';

function writeCompressed(file, body) {
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, GZIP_OPTIONS));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, BROTLI_OPTIONS));
}

/**
 * Before React runs: the gate may hide the splash at once (seen in this tab) or the page (a session
 * to restore). bootstrap.tsx removes the splash after its time, once the app runs — a click on the
 * page before then would reach no React handler. Without JavaScript there is no splash.
 */
const PAGE_CSS =
  'html[data-splash-seen] #first-load-splash{display:none}html[data-restoring] #root{visibility:hidden}' +
  // the splash in the visitor's language (the gate sets <html lang>); English when the language is none of the three
  '#first-load-splash [data-locale]{display:none}#first-load-splash [data-locale=en]{display:inline}' +
  'html[lang=fr] #first-load-splash [data-locale=en],html[lang=es] #first-load-splash [data-locale=en]{display:none}' +
  'html[lang=fr] #first-load-splash [data-locale=fr],html[lang=es] #first-load-splash [data-locale=es]{display:inline}';
const NO_SCRIPT_CSS = '<noscript><style>#first-load-splash{display:none}</style></noscript>';

async function main() {
  const { prerenderPage, gateScript } = require(path.join(__dirname, '..', '.prerender', 'prerender.js'));
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!template.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT}: public/index.html changed?`);

  const gate = gateScript();
  // content-hashed name: cached for good by the browser (the gateway's and nginx's rule for hashed files)
  const gateFile = `page-gate.${crypto.createHash('sha256').update(gate).digest('hex').slice(0, 8)}.js`;
  fs.writeFileSync(path.join(dist, gateFile), gate);

  const page = await prerenderPage('/');
  const head = `<script src="/${gateFile}"></script><style>${PAGE_CSS}</style>${NO_SCRIPT_CSS}${page.styles}</head>`;
  const body = `<div id="root" data-prerendered="/">${page.html}</div><div id="first-load-splash">${page.splash}</div>`;
  const html = template.replace('</head>', head).replace(EMPTY_ROOT, body);
  writeCompressed(path.join(dist, 'landing.html'), html);
  console.log(
    `landing.html: ${Math.round(html.length / 1024)} KB (markup ${Math.round(page.html.length / 1024)} KB, styles ${Math.round(page.styles.length / 1024)} KB)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
