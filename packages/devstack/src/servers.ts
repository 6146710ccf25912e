import net from 'node:net';
import fs from 'node:fs';
import { execSync } from 'node:child_process';

/**
 * The three local servers the platform needs. When one is installed but stopped we start it
 * with the same command our machines use; when one is missing we say exactly what to install.
 */
interface ServerSpec {
  name: string;
  host: string;
  port: number;
  binary: string;
  apt: string;
  start: string;
}

const postgresStart = () => {
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  return `pg_ctlcluster --skip-systemctl-redirect ${versions[0] ?? '15'} main start`;
};

const LOCAL_SERVERS: ServerSpec[] = [
  { name: 'PostgreSQL', host: '127.0.0.1', port: 5432, binary: 'pg_ctlcluster', apt: 'postgresql', start: '' },
  {
    name: 'Redis',
    host: '127.0.0.1',
    port: 6379,
    binary: 'redis-server',
    apt: 'redis-server',
    start:
      'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  },
  {
    name: 'NATS',
    host: '127.0.0.1',
    port: 4222,
    binary: 'nats-server',
    apt: 'nats-server',
    start:
      'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
  },
];

function isListening(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function installed(binary: string): boolean {
  try {
    execSync(`command -v ${binary} || test -x /usr/sbin/${binary} || test -x /usr/bin/${binary}`, { stdio: 'ignore', shell: '/bin/bash' });
    return true;
  } catch {
    return false;
  }
}

async function waitListening(host: string, port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await isListening(host, port, 300)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Makes sure PostgreSQL, Redis and NATS answer on localhost; throws with instructions if not. */
export async function ensureLocalServers(log: (line: string) => void = console.log): Promise<void> {
  const missing: string[] = [];
  for (const s of LOCAL_SERVERS) {
    if (await isListening(s.host, s.port)) continue;
    if (!installed(s.binary)) {
      missing.push(s.apt);
      continue;
    }
    const command = s.name === 'PostgreSQL' ? postgresStart() : s.start;
    log(`${s.name} is installed but not running; starting it: ${command}`);
    if (s.name === 'Redis') fs.mkdirSync('/var/log/redis', { recursive: true });
    if (s.name === 'NATS') fs.mkdirSync('/var/lib/nats-server', { recursive: true });
    try {
      execSync(command, { stdio: 'inherit', shell: '/bin/bash' });
    } catch (err) {
      throw new Error(`could not start ${s.name} with: ${command}\n${(err as Error).message}`, { cause: err });
    }
    if (!(await waitListening(s.host, s.port, 15_000))) throw new Error(`${s.name} did not start listening on ${s.host}:${s.port}`);
  }
  if (missing.length) {
    throw new Error(
      `Missing servers: ${missing.join(', ')}. Install them with:\n  apt-get update && apt-get install -y ${missing.join(' ')}\nthen run the command again.`,
    );
  }
}
