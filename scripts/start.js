#!/usr/bin/env node
/**
 * npm start: installs what is missing, builds, makes sure PostgreSQL, Redis and NATS run
 * (starting them when installed but stopped), then starts every service and the gateway
 * at http://localhost:8080 with working defaults. Ctrl-C stops everything.
 */
const { installIfNeeded, build, ensurePdfReader } = require('./prepare');

async function main() {
  installIfNeeded();
  ensurePdfReader();
  console.log('Building services and frontends…');
  build();
  const { ensureLocalServers, startPlatform } = require('@corestone/devstack');
  await ensureLocalServers();
  console.log('Starting the platform…');
  // Purchases on a single machine go through the local checkout page (billing README), unless
  // Stripe is configured; production refuses PAYMENTS=local, so there billing decides (Stripe or off).
  const production = process.env.NODE_ENV === 'production';
  const payments = process.env.PAYMENTS || (process.env.STRIPE_SECRET_KEY ? 'stripe' : production ? '' : 'local');
  const platform = await startPlatform({
    env: payments ? { PAYMENTS: payments } : {},
    ports: process.env.PORT ? { gateway: Number(process.env.PORT) } : undefined,
    supervise: true,
    // Nine processes loading at once on a busy 2-core machine can take well over 30 s (the test
    // platform allows 100 s for the same reason); a slow start is not a failed one.
    readyTimeoutMs: 120_000,
  });
  const url = process.env.PUBLIC_BASE_URL || `http://localhost:${new URL(platform.gatewayUrl).port}`;
  console.log(
    `\n  Corestone is running at ${url}\n  API docs: ${url}/api/docs   Health: ${url}/api/v1/health\n  First admin: ${url}/setup${process.env.SETUP_TOKEN ? ' (it asks for SETUP_TOKEN)' : ''}   Mail (password resets): .data/mail/\n  Ctrl-C stops it.\n`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(`\nnpm start failed: ${err.message}`);
  process.exit(1);
});
