import { createClient } from 'redis';

export async function connectRedis(url: string) {
  const client = createClient({ url, socket: { reconnectStrategy: (n) => Math.min(n * 200, 2000) } });
  client.on('error', () => undefined); // reconnects by itself; readiness reports it
  await client.connect();
  return client;
}

export type Redis = Awaited<ReturnType<typeof connectRedis>>;
