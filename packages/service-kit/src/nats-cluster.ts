import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from './ports';

/**
 * A NATS cluster on this machine (tests, `npm run cluster`, `npm run chaos`): `size` nats-server
 * processes with JetStream, each on free ports with its own data folder under one temporary
 * folder. Routes between two servers go through a small TCP relay of ours, one per direction, so a
 * server can be cut off from the others (a network partition) while its clients stay connected to
 * it — no firewall rule, nothing outside this process, only this machine's loopback addresses.
 */
export interface NatsNode {
  name: string;
  port: number;
  url: string;
  /** The monitoring port (/varz, /jsz). */
  monitorPort: number;
  running(): boolean;
}

export interface NatsCluster {
  nodes: NatsNode[];
  /** Every client URL, comma-separated (a service's NATS_URL). */
  url: string;
  dir: string;
  /** Stops a server: SIGTERM (it steps down first) or SIGKILL (a node lost). */
  stop(node: number, signal?: NodeJS.Signals): Promise<void>;
  start(node: number): Promise<void>;
  /** Cuts the routes between this server and every other one; clients keep their connections. */
  partition(node: number): void;
  heal(node: number): void;
  /**
   * The index of the server leading a stream as the servers `asking` (default: all) see it from
   * their own monitoring, or -1 when none does. A server cut off from the others may still think
   * it leads: ask the others.
   */
  streamLeader(stream: string, asking?: number[]): Promise<number>;
  /** Stops every server and removes the data. */
  destroy(): Promise<void>;
}

/** The parts of a server's /jsz answer read here. */
interface Jsz {
  meta_cluster?: { leader?: string; replicas?: Array<{ name: string; current: boolean }> };
  account_details?: Array<{ stream_detail?: Array<{ name: string; cluster?: { leader?: string } }> }>;
}

const NATS_BINARY = fs.existsSync('/usr/sbin/nats-server') ? '/usr/sbin/nats-server' : 'nats-server';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });
}

/** One direction of one route (from → to): forwards connections unless the link is cut. */
class RouteRelay {
  private server: net.Server;
  private sockets = new Set<net.Socket>();
  cut = false;
  constructor(
    readonly from: number,
    readonly to: number,
    private targetPort: number,
  ) {
    this.server = net.createServer((client) => {
      if (this.cut) return void client.destroy();
      const upstream = net.connect({ host: '127.0.0.1', port: this.targetPort });
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }
  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }
  setCut(cut: boolean): void {
    this.cut = cut;
    if (cut) for (const s of this.sockets) s.destroy();
  }
  close(): Promise<void> {
    this.setCut(true);
    return new Promise((r) => this.server.close(() => r()));
  }
}

export async function startNatsCluster(opts: { size?: number; name?: string; log?: (line: string) => void } = {}): Promise<NatsCluster> {
  const size = opts.size ?? 3;
  const clusterName = opts.name ?? `cs${process.pid}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-nats-cluster-'));
  // per node: client, monitor, cluster; per ordered pair: one relay; one sink
  const ports = await freePorts(size * 3 + size * (size - 1) + 1);
  const nodes: NatsNode[] = [];
  const routePorts: number[] = [];
  for (let i = 0; i < size; i++) {
    const port = ports[i * 3];
    nodes.push({ name: `n${i + 1}`, port, url: `nats://127.0.0.1:${port}`, monitorPort: ports[i * 3 + 1], running: () => false });
    routePorts.push(ports[i * 3 + 2]);
  }
  const relays: RouteRelay[] = [];
  let next = size * 3;
  for (let from = 0; from < size; from++)
    for (let to = 0; to < size; to++) if (from !== to) relays.push(new RouteRelay(from, to, routePorts[to]));
  const relayPort = new Map<RouteRelay, number>();
  for (const relay of relays) {
    relayPort.set(relay, ports[next++]);
    await relay.listen(relayPort.get(relay)!);
  }
  // The route address every server advertises: a relay cut for good. Servers tell each other the
  // routes they know, and a server that learnt a peer's own cluster port (after a partition
  // healed, before its configured route came back) dialled it directly, past the relays: the next
  // partition left that route up.
  const sink = new RouteRelay(-1, -1, 0);
  sink.setCut(true);
  const sinkPort = ports[next];
  await sink.listen(sinkPort);

  const children: Array<ChildProcess | null> = nodes.map(() => null);
  nodes.forEach((n, i) => (n.running = () => !!children[i] && children[i]!.exitCode === null && children[i]!.signalCode === null));

  const start = async (i: number) => {
    if (nodes[i].running()) return;
    const node = nodes[i];
    const store = path.join(dir, node.name);
    fs.mkdirSync(store, { recursive: true });
    const routes = relays.filter((r) => r.from === i).map((r) => `nats-route://127.0.0.1:${relayPort.get(r)}`);
    const config = `server_name: ${node.name}
listen: 127.0.0.1:${node.port}
http: 127.0.0.1:${node.monitorPort}
jetstream { store_dir: "${store}", max_memory_store: 64MB, max_file_store: 1GB }
cluster {
  name: ${clusterName}
  listen: 127.0.0.1:${routePorts[i]}
  advertise: "127.0.0.1:${sinkPort}"
  # clients know the servers from NATS_URL's list only, as behind a service address
  no_advertise: true
  routes: [${routes.map((r) => `"${r}"`).join(', ')}]
}
`;
    const file = path.join(dir, `${node.name}.conf`);
    fs.writeFileSync(file, config);
    const log = fs.openSync(path.join(dir, `${node.name}.log`), 'a');
    const child = spawn(NATS_BINARY, ['-c', file], { stdio: ['ignore', log, log] });
    fs.closeSync(log);
    children[i] = child;
    child.once('exit', (code, signal) => opts.log?.(`[nats ${node.name}] exited (${signal ?? code})`));
    const until = Date.now() + 20_000;
    while (!(await listening(node.port))) {
      if (child.exitCode !== null) throw new Error(`nats-server ${node.name} exited with ${child.exitCode}: see ${dir}/${node.name}.log`);
      if (Date.now() > until) throw new Error(`nats-server ${node.name} not listening on ${node.port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const stop = async (i: number, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children[i];
    if (!child || !nodes[i].running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const monitor = async (i: number, pathAndQuery: string): Promise<Jsz> => {
    const res = await fetch(`http://127.0.0.1:${nodes[i].monitorPort}${pathAndQuery}`, { signal: AbortSignal.timeout(2000) });
    return (await res.json()) as Jsz;
  };

  const cluster: NatsCluster = {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    dir,
    start,
    stop,
    partition: (i) => relays.filter((r) => r.from === i || r.to === i).forEach((r) => r.setCut(true)),
    heal: (i) => relays.filter((r) => r.from === i || r.to === i).forEach((r) => r.setCut(false)),
    async streamLeader(stream, asking = nodes.map((_, i) => i)) {
      for (const i of asking) {
        if (!nodes[i].running()) continue;
        const jsz = await monitor(i, '/jsz?streams=true').catch(() => null);
        for (const account of jsz?.account_details ?? [])
          for (const s of account.stream_detail ?? [])
            if (s.name === stream && s.cluster?.leader) return nodes.findIndex((n) => n.name === s.cluster!.leader);
      }
      return -1;
    },
    async destroy() {
      await Promise.all(nodes.map((_, i) => stop(i).catch(() => undefined)));
      await Promise.all([...relays, sink].map((r) => r.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(nodes.map((_, i) => start(i)));
    // JetStream ready on the cluster: a meta leader elected that knows every other server as
    // current (before that, a stream in three copies is refused: "no suitable peers for placement").
    const until = Date.now() + 30_000;
    for (;;) {
      const leader = (await monitor(0, '/jsz').catch(() => null))?.meta_cluster?.leader;
      const index = nodes.findIndex((n) => n.name === leader);
      const meta = index >= 0 ? (await monitor(index, '/jsz').catch(() => null))?.meta_cluster : undefined;
      if (meta?.leader === leader && (meta?.replicas ?? []).filter((r) => r.current).length === size - 1) break;
      if (Date.now() > until) throw new Error(`the NATS cluster elected no JetStream leader (logs in ${dir})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}
