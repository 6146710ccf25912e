#!/usr/bin/env node
/**
 * Packages are used through their entry points only (issue 6). Fails (exit 1) when a source file
 * imports or requires
 *  - `@corestone/<package>/<subpath>` that the package does not list in its `exports`
 *    (e.g. `@corestone/service-kit/dist/tracing` instead of `@corestone/service-kit/tracing`), or
 *  - a relative path into another workspace's `src/` or `dist/`
 *    (e.g. `../../../packages/service-kit/src/testing`).
 * Reads every file git tracks or would track (untracked, not ignored). Runs in `npm run lint`.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const root = path.resolve(__dirname, '..');
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+|jest\.mock\s*\(\s*)(['"])([^'"\n]+)\1/g;

function workspaces() {
  const globs = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
  const dirs = [];
  for (const glob of globs) {
    const base = glob.endsWith('/*') ? glob.slice(0, -2) : null;
    const candidates = base ? fs.readdirSync(path.join(root, base)).map((d) => path.join(base, d)) : [glob];
    for (const dir of candidates) {
      const manifest = path.join(root, dir, 'package.json');
      if (!fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      dirs.push({ dir: path.join(root, dir), name: pkg.name, exports: pkg.exports });
    }
  }
  return dirs.sort((a, b) => b.dir.length - a.dir.length); // deepest first
}

function sourceFiles() {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out
    .split('\n')
    .filter((f) => SOURCE.test(f) && !/(^|\/)(node_modules|dist|coverage)\//.test(f))
    .map((f) => path.join(root, f))
    .filter((f) => fs.existsSync(f));
}

const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);

/** The subpaths a package offers: keys of its `exports`, or only `.` when it has none. */
function exported(ws) {
  if (!ws.exports || typeof ws.exports === 'string') return new Set(['.']);
  return new Set(Object.keys(ws.exports));
}

function findViolations() {
  const spaces = workspaces();
  const byName = new Map(spaces.map((w) => [w.name, w]));
  const owner = (file) => spaces.find((w) => inside(w.dir, file)) ?? null;
  const problems = [];
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    const own = owner(file);
    for (const match of text.matchAll(SPECIFIER)) {
      const spec = match[2];
      const line = text.slice(0, match.index).split('\n').length;
      const where = `${path.relative(root, file)}:${line}`;
      const bare = /^(@corestone\/[^/]+)(\/.+)?$/.exec(spec);
      if (bare) {
        const target = byName.get(bare[1]);
        if (target && bare[2] && !exported(target).has(`.${bare[2]}`)) {
          problems.push(`${where} imports '${spec}': ${bare[1]} exports only ${[...exported(target)].join(', ')}`);
        }
        continue;
      }
      if (!spec.startsWith('.')) continue;
      const resolved = path.resolve(path.dirname(file), spec);
      const target = owner(resolved);
      if (!target || target === own) continue;
      const within = path.relative(target.dir, resolved).split(path.sep)[0];
      if (within === 'src' || within === 'dist') {
        problems.push(
          `${where} imports '${spec}': reaches into ${target.name}'s ${within}/; import '${target.name}' (or a subpath it exports)`,
        );
      }
    }
  }
  return problems;
}

if (require.main === module) {
  const started = Date.now();
  const problems = findViolations();
  if (problems.length) {
    console.error(`Imports that bypass a package's entry points (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`check-imports: every import uses a package entry point (${Date.now() - started} ms)`);
}

module.exports = { findViolations };
