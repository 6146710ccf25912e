import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '@corestone/service-kit';
import { startNatsCluster, type NatsCluster } from '@corestone/service-kit/testing';
import { PLATFORM_PROCESSES, startPlatform, type Platform, type PlatformOptions, type ProcessName } from './platform';

/**
 * The platform as it runs on Kubernetes, on this machine (`npm run cluster`, `npm run chaos`):
 * three clustered nats-server processes with JetStream (streams in three copies), `replicas`
 * copies of every service and of the gateway, and one nginx in front of them playing the
 * Kubernetes Services — a port per service and one for the gateway, each balancing over that
 * process's replicas. Every process reaches every other through the front, as in the cluster.
 * PostgreSQL and Redis are whatever `env` names (the local servers by default).
 */
export interface Cluster {
  /** The front's gateway address (what a browser or a load balancer uses). */
  url: string;
  /** Each gateway replica's own address. */
  gatewayUrls: string[];
  /** The front's address of each process (the gateway's included). */
  frontUrls: Record<ProcessName, string>;
  replicas: Platform[];
  nats: NatsCluster;
  env: Record<string, string>;
  /** Where the logs are (one file per process and replica, nats and nginx). */
  logDir: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Copies of every process (default 2). */
  replicas?: number;
  /** Environment of every process (DATABASE_URL, REDIS_URL, PAYMENTS, …). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Restart a process that dies, as an orchestrator would (default true). */
  supervise?: boolean;
  log?: (line: string) => void;
  /** Keep the log folder after stop (default: removed unless the start failed). */
  keepLogs?: boolean;
}

const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/**
 * nginx as the Services: one upstream per process over its replicas. A replica that refuses the
 * connection is skipped (and an idempotent request tried on the next one); a request whose replica
 * died mid-way, or that no replica could take, is answered 503 with the platform's error envelope —
 * what a client of the cluster sees while a pod is replaced — never a bare 502.
 */
function nginxConfig(dir: string, fronts: Record<ProcessName, number>, backends: Record<ProcessName, number[]>): string {
  const unavailable = JSON.stringify({ detail: 'The service is restarting; try again in a moment.', code: 'SERVICE_UNAVAILABLE' });
  const upstreams = PLATFORM_PROCESSES.map(
    (name) => `  upstream ${name} {
${backends[name].map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${fronts[name]};
    location / {
      proxy_pass http://${name};
    }
    error_page 502 504 = @unavailable;
    location @unavailable {
      default_type application/json;
      add_header Retry-After 1 always;
      return 503 '${unavailable}';
    }
  }`,
  ).join('\n');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  client_max_body_size 30m;
  proxy_http_version 1.1;
  proxy_set_header Connection "";
  proxy_set_header Host $http_host;
  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
  # Server-sent events and long uploads pass through as they come.
  proxy_buffering off;
  proxy_request_buffering off;
  proxy_read_timeout 1h;
  proxy_connect_timeout 2s;
  # Non-idempotent requests (POST) are never sent twice (nginx's default); the rest move on.
  proxy_next_upstream error timeout;
${upstreams}
}
`;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

async function startNginx(dir: string, config: string, port: number): Promise<ChildProcess> {
  fs.mkdirSync(path.join(dir, 'tmp'), { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, config);
  const child = spawn(NGINX, ['-c', file, '-p', dir, '-e', path.join(dir, 'nginx-error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
  const until = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${fs.readFileSync(path.join(dir, 'nginx-error.log'), 'utf8')}`);
    if (Date.now() > until) throw new Error(`nginx not listening on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const count = opts.replicas ?? 2;
  const log = opts.log ?? ((line: string) => console.log(line));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-cluster-'));
  const names = [...PLATFORM_PROCESSES];
  const ports = await freePorts(names.length * (count + 1));
  const fronts = {} as Record<ProcessName, number>;
  const backends = {} as Record<ProcessName, number[]>;
  names.forEach((name, i) => {
    fronts[name] = ports[i];
    backends[name] = Array.from({ length: count }, (_, r) => ports[names.length * (r + 1) + i]);
  });
  const frontUrls = Object.fromEntries(names.map((n) => [n, `http://127.0.0.1:${fronts[n]}`])) as Record<ProcessName, string>;

  let nats: NatsCluster | null = null;
  let nginx: ChildProcess | null = null;
  const replicas: Platform[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // The front first (no new requests), then the replicas, then NATS.
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(replicas.map((p) => p.stop().catch(() => undefined)));
    await nats?.destroy();
    if (!opts.keepLogs) fs.rmSync(logDir, { recursive: true, force: true });
  };
  try {
    nats = await startNatsCluster({ size: 3, log });
    log(`NATS cluster: ${nats.url} (JetStream on all three; monitoring on ${nats.nodes.map((n) => n.monitorPort).join(', ')})`);
    nginx = await startNginx(logDir, nginxConfig(logDir, fronts, backends), fronts.gateway);
    const env: Record<string, string> = {
      NATS_URL: nats.url,
      NATS_STREAM_REPLICAS: '3',
      ...(opts.env ?? {}),
    };
    // One replica after the other: the first migrates each schema and creates the streams, the
    // second finds them (and a 2-core machine is not asked to start twenty processes at once).
    for (let r = 0; r < count; r++) {
      const label = String.fromCharCode(97 + r); // a, b, …
      const platformOpts: PlatformOptions = {
        env,
        ports: Object.fromEntries(names.map((n) => [n, backends[n][r]])) as Record<ProcessName, number>,
        serviceUrls: frontUrls,
        output: { dir: logDir },
        label: `${label}-`,
        supervise: opts.supervise ?? true,
        readyTimeoutMs: opts.readyTimeoutMs ?? 180_000,
        log: (line) => log(`[replica ${label}] ${line}`),
      };
      replicas.push(await startPlatform(platformOpts));
      log(`replica ${label} ready: gateway ${replicas[r].gatewayUrl}`);
    }
    return {
      url: frontUrls.gateway,
      gatewayUrls: replicas.map((p) => p.gatewayUrl),
      frontUrls,
      replicas,
      nats,
      env: { ...env, ...replicas[0].env },
      logDir,
      stop,
    };
  } catch (err) {
    log(`the cluster failed to start; logs kept in ${logDir}`);
    opts.keepLogs = true;
    await stop();
    throw err;
  }
}
