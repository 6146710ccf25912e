#!/usr/bin/env node
/**
 * npm run cluster: the platform as on Kubernetes, on this machine — three clustered nats-server
 * processes with JetStream (every stream in three copies), two replicas of every service and of the
 * gateway, and an nginx front balancing over them (one port per process, like a Kubernetes Service),
 * all on free ports with their data and logs in a temporary folder; PostgreSQL and Redis as for npm
 * start (database `corestone_cluster`, Redis keys under `cluster:`), or servers of its own with
 * OWN_SERVERS=1. Ctrl-C (or SIGTERM, or a failed start) stops everything it started.
 * REPLICAS=3 for three copies of each process; SKIP_BUILD=1 skips the build.
 */
const { installIfNeeded, build } = require('./prepare');

async function main() {
  installIfNeeded();
  console.log('Building…');
  build();
  const { ensureLocalServers, startCluster } = require('@corestone/devstack');
  const { startOwnPostgres, startOwnRedis } = require('@corestone/service-kit/testing');
  const own = process.env.OWN_SERVERS === '1' ? await Promise.all([startOwnPostgres(), startOwnRedis()]) : [];
  let cluster = null;
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster…');
    await cluster?.stop().catch((err) => console.error(err));
    await Promise.all(own.map((s) => s.destroy().catch(() => undefined)));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  try {
    let env;
    if (own.length) {
      const db = new URL(own[0].url);
      db.pathname = '/corestone';
      env = { DATABASE_URL: db.toString(), REDIS_URL: own[1].url };
    } else {
      await ensureLocalServers();
      env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/corestone_cluster', REDIS_PREFIX: 'cluster:' };
    }
    const payments = process.env.PAYMENTS || (process.env.STRIPE_SECRET_KEY ? 'stripe' : 'local');
    console.log('Starting three NATS servers, then two replicas of every process…');
    cluster = await startCluster({ env: { ...env, PAYMENTS: payments }, replicas: Number(process.env.REPLICAS || 2), keepLogs: true });
    console.log(
      `\n  Corestone cluster running at ${cluster.url} (the front: nginx over ${cluster.gatewayUrls.length} gateways)\n` +
        `  Gateways: ${cluster.gatewayUrls.join('  ')}\n` +
        `  NATS: ${cluster.nats.url}\n` +
        `  Logs: ${cluster.logDir}\n  Ctrl-C stops it.\n`,
    );
  } catch (err) {
    console.error(`\nnpm run cluster failed: ${err.message}`);
    await stop(1);
  }
}

main();
