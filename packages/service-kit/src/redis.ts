/**
 * The Redis client is loaded here, not at the top of the module: its package is half the modules a
 * service process would load at start, and most services never connect to Redis.
 */
export async function connectRedis(url: string) {
  const { createClient } = await import('redis');
  const client = createClient({ url, socket: { reconnectStrategy: (n) => Math.min(n * 200, 2000) } });
  client.on('error', () => undefined); // reconnects by itself; readiness reports it
  await client.connect();
  return client;
}

export type Redis = Awaited<ReturnType<typeof connectRedis>>;
