import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports';

/**
 * Servers a fault test starts, stops and restarts itself, on free ports with their data in a
 * temporary folder, so the machine's shared PostgreSQL, Redis and NATS are never touched.
 */
export interface OwnServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Stops it for good and removes its data. */
  destroy(): Promise<void>;
}

/** A started server's handle; `removeData` runs once it is stopped for good. */
function ownServer(url: string, port: number, start: () => Promise<void>, stop: () => Promise<void>, removeData: () => void): OwnServer {
  return {
    url,
    port,
    start,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    destroy: async () => {
      try {
        await stop();
      } catch {
        /* already stopped */
      }
      removeData();
    },
  };
}

async function waitListening(port: number, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort() : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  return path.join(root, versions[versions.length - 1], 'bin', name);
}

/** PostgreSQL refuses to run as root: as root we run it as the postgres user. */
function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

export async function startOwnPostgres(): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const [c, a] = asPostgres(cmd, args);
    execFileSync(c, a, { stdio: 'pipe' });
  };
  run(pgBin('initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (action: string) =>
    run(pgBin('pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-m',
      'fast',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      action,
    ]);
  const start = async () => {
    pgCtl('start');
    await waitListening(port);
  };
  const stop = async () => pgCtl('stop');
  await start();
  return ownServer(`postgres://postgres@127.0.0.1:${port}/postgres`, port, start, stop, () =>
    fs.rmSync(dir, { recursive: true, force: true }),
  );
}

/** A server run as a child process of the test (NATS, Redis): start, stop, restart on one port. */
async function ownChildServer(
  binary: string,
  args: string[],
  port: number,
  url: string,
  removeData = () => undefined as void,
): Promise<OwnServer> {
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(binary, args, { stdio: 'ignore' });
    await waitListening(port);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  await start();
  return ownServer(url, port, start, stop, removeData);
}

export async function startOwnNats(opts: { monitorPort?: number } = {}): Promise<OwnServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-nats-'));
  const port = await freePort();
  const binary = fs.existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir, ...(opts.monitorPort ? ['-m', String(opts.monitorPort)] : [])];
  return ownChildServer(binary, args, port, `nats://127.0.0.1:${port}`, () => fs.rmSync(dir, { recursive: true, force: true }));
}

export async function startOwnRedis(): Promise<OwnServer> {
  const port = await freePort();
  const binary = fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : 'redis-server';
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'];
  return ownChildServer(binary, args, port, `redis://127.0.0.1:${port}`);
}
