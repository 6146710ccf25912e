import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATABASE_URL, ensureDatabase, freePorts } from '@corestone/service-kit';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every process of the platform (the gateway last: it is stopped first). */
export const PLATFORM_PROCESSES = [
  'auth',
  'users',
  'rubric',
  'billing',
  'content',
  'links',
  'schools',
  'evaluation',
  'grading',
  'gateway',
] as const;
export type ProcessName = (typeof PLATFORM_PROCESSES)[number];

const DEFAULT_PORTS: Record<ProcessName, number> = {
  gateway: 8080,
  auth: 8101,
  users: 8102,
  evaluation: 8103,
  grading: 8104,
  rubric: 8105,
  billing: 8106,
  content: 8107,
  links: 8108,
  schools: 8109,
};

export function entryOf(name: ProcessName): string {
  return name === 'gateway' ? path.join(REPO_ROOT, 'gateway/dist/server.js') : path.join(REPO_ROOT, 'services', name, 'dist/server.js');
}

export { freePort, freePorts } from '@corestone/service-kit';

export interface PlatformOptions {
  /** Environment for every process (prefixes, URLs of the servers, secrets…). */
  env?: Record<string, string>;
  /** Fixed ports (npm start) or free ones chosen at random (tests). */
  ports?: Partial<Record<ProcessName, number>> | 'random';
  /** Where each process's output goes: 'inherit' prefixes lines on our stdout; a folder gets one log file each. */
  output?: 'inherit' | { dir: string };
  only?: ProcessName[];
  readyTimeoutMs?: number;
  /**
   * Restart a process that exits on its own, with backoff (1 s doubling to 30 s; back to 1 s after
   * a minute up), logging each restart — as an orchestrator would. `npm start` turns it on.
   */
  supervise?: boolean;
  /** Where supervision reports restarts (default: stdout). */
  log?: (line: string) => void;
  /**
   * Addresses the processes reach each other at, instead of their own ports: a cluster's
   * load-balancing front (cluster.ts), like a Kubernetes Service in front of a service's replicas.
   */
  serviceUrls?: Partial<Record<ProcessName, string>>;
  /** Put in front of each line of output ('inherit') or each log file's name, e.g. `b/` for a second replica. */
  label?: string;
}

export interface Platform {
  gatewayUrl: string;
  urls: Record<ProcessName, string>;
  env: Record<string, string>;
  /** Stops one process: SIGTERM (graceful) or SIGKILL (a crash). Supervision leaves it stopped. */
  stopProcess(name: ProcessName, signal?: NodeJS.Signals): Promise<void>;
  /** Kills one process as a crash would (supervision, when on, restarts it). */
  crashProcess(name: ProcessName): void;
  pidOf(name: ProcessName): number | undefined;
  /** Restarts so far, per process (supervision). */
  restarts: Partial<Record<ProcessName, number>>;
  startProcess(name: ProcessName): Promise<void>;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number, name: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
      last = await res.text();
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${name} not ready at ${url} after ${timeoutMs} ms: ${last}`);
}

function pipeWithPrefix(stream: NodeJS.ReadableStream, prefix: string): void {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`${prefix} ${line}\n`);
  });
}

/** Starts the services and the gateway as child processes and waits until each is ready. */
export async function startPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const names = opts.only ?? [...PLATFORM_PROCESSES];
  const ports = {} as Record<ProcessName, number>;
  const random = opts.ports === 'random' ? await freePorts(PLATFORM_PROCESSES.length) : [];
  PLATFORM_PROCESSES.forEach((name, i) => {
    ports[name] = opts.ports === 'random' ? random[i] : (opts.ports?.[name] ?? DEFAULT_PORTS[name]);
  });
  const urls = Object.fromEntries(PLATFORM_PROCESSES.map((n) => [n, `http://127.0.0.1:${ports[n]}`])) as Record<ProcessName, string>;
  const env: Record<string, string> = {
    ...(opts.env ?? {}),
    ...Object.fromEntries(
      PLATFORM_PROCESSES.filter((n) => n !== 'gateway').map((n) => [`${n.toUpperCase()}_URL`, opts.serviceUrls?.[n] ?? urls[n]]),
    ),
  };
  const children = new Map<ProcessName, ChildProcess>();
  const width = Math.max(...names.map((n) => n.length));
  const log = opts.log ?? ((line: string) => console.log(line));
  /** Processes we stopped on purpose: not restarted. */
  const stopping = new Set<ProcessName>();
  const restarts: Partial<Record<ProcessName, number>> = {};
  const backoff = new Map<ProcessName, number>();
  let shuttingDown = false;

  const superviseChild = (name: ProcessName, child: ChildProcess) => {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      if (!opts.supervise || shuttingDown || stopping.has(name) || children.get(name) !== child) return;
      const delay = Date.now() - startedAt > 60_000 ? 1000 : Math.min(30_000, backoff.get(name) ?? 1000);
      backoff.set(name, delay * 2);
      log(`[supervisor] ${name} exited (${signal ?? `code ${code}`}); restarting in ${delay / 1000} s`);
      setTimeout(() => {
        if (shuttingDown || stopping.has(name)) return;
        restarts[name] = (restarts[name] ?? 0) + 1;
        startProcess(name).then(
          () => log(`[supervisor] ${name} is back (restart ${restarts[name]})`),
          (err) => log(`[supervisor] ${name} failed to come back: ${(err as Error).message}`),
        );
      }, delay).unref();
    });
  };

  const startProcess = async (name: ProcessName) => {
    const entry = entryOf(name);
    if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
    const childEnv = { ...process.env, ...env, PORT: String(ports[name]) };
    const out = opts.output ?? 'inherit';
    let stdio: Array<'ignore' | 'pipe' | number> = ['ignore', 'pipe', 'pipe'];
    if (out !== 'inherit') {
      fs.mkdirSync(out.dir, { recursive: true });
      const fd = fs.openSync(path.join(out.dir, `${opts.label ?? ''}${name}.log`), 'a');
      stdio = ['ignore', fd, fd];
    }
    const child = spawn(process.execPath, [entry], { env: childEnv, stdio, cwd: REPO_ROOT });
    if (out === 'inherit') {
      const prefix = `[${opts.label ?? ''}${name.padEnd(width)}]`;
      pipeWithPrefix(child.stdout!, prefix);
      pipeWithPrefix(child.stderr!, prefix);
    }
    children.set(name, child);
    stopping.delete(name);
    superviseChild(name, child);
    await waitReady(urls[name], child, opts.readyTimeoutMs ?? 30_000, name);
  };

  const stopProcess = async (name: ProcessName, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children.get(name);
    stopping.add(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const platform: Platform = {
    gatewayUrl: urls.gateway,
    urls,
    env,
    stopProcess,
    startProcess,
    crashProcess: (name) => void children.get(name)?.kill('SIGKILL'),
    pidOf: (name) => children.get(name)?.pid,
    restarts,
    stop: async () => {
      shuttingDown = true;
      // The gateway first, so no new request comes in; then the services together (each drains
      // its own work, none needs another to do so).
      if (names.includes('gateway')) await stopProcess('gateway');
      await Promise.all(names.filter((n) => n !== 'gateway').map((n) => stopProcess(n)));
    },
  };
  try {
    // Created once here: services starting together on a fresh machine would race to create it.
    await ensureDatabase(env.DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
    // All together: the gateway needs no service to start (its /readyz is its own; /health asks
    // the services when it is asked). Ready means every process answers its /readyz.
    await Promise.all(names.map(startProcess));
  } catch (err) {
    await platform.stop();
    throw err;
  }
  return platform;
}
