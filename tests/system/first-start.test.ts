/**
 * A fresh machine's first start: the platform's database does not exist yet. Every service must
 * come up on the first try (they used to race to CREATE DATABASE and the losers exited).
 */
import { Client } from 'pg';
import { TEST_DATABASE_URL } from '@corestone/service-kit/testing';
import { startTestPlatform, uniqueEmail, type TestPlatform } from '../support/platform';

const name = `cs_first_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const url = new URL(TEST_DATABASE_URL);
url.pathname = `/${name}`;
let p: TestPlatform | undefined;

async function adminQuery(sql: string, params: unknown[] = []) {
  const admin = new URL(TEST_DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await p?.shutdown();
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

test('the platform starts against a database that does not exist yet and serves a new user', async () => {
  expect((await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows).toHaveLength(0);
  p = await startTestPlatform({ DATABASE_URL: url.toString() });
  const health = await fetch(`${p.gatewayUrl}/api/v1/health`);
  expect(health.status).toBe(200);
  expect((await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows).toHaveLength(1);
  const signup = await p.api.signup(uniqueEmail('first'));
  expect(signup.status).toBeLessThan(300);
});
