/**
 * Production fails closed: each process, started with a production environment that lacks one
 * required value (or carries a development-only one), refuses to start and names the setting.
 *
 * What each process requires is read from its own config schema (the kit's `production` rules:
 * required, requiredUnless, forbids) and from whether it loads the platform keys, so a service added
 * to PLATFORM_PROCESSES is covered without a line here.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TObject } from '@sinclair/typebox';
import { PLATFORM_PROCESSES, REPO_ROOT, entryOf, type ProcessName } from '@corestone/devstack';
import type { ProductionRule } from '@corestone/service-kit';

const KEYS = ['JWT_PRIVATE_KEY', 'DATA_ENCRYPTION_KEY', 'TOKEN_HMAC_KEY'];

/** Where a process's sources are (read as text, never imported). */
const sourceDirOf = (name: ProcessName) => path.join(REPO_ROOT, name === 'gateway' ? 'gateway' : `services/${name}`, 'src');

/** The process's config schema (`<Name>Config` exported by its `@corestone/<name>/config` entry point). */
function configSchemaOf(name: ProcessName): TObject {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the process is chosen at run time
  const exported = require(`@corestone/${name}/config`);
  const schema = exported[`${name[0].toUpperCase()}${name.slice(1)}Config`] as TObject | undefined;
  if (!schema) throw new Error(`${name}: src/config.ts exports no ${name[0].toUpperCase()}${name.slice(1)}Config`);
  return schema;
}

/** Whether the process loads the platform keys (required from the environment in production). */
function loadsPlatformKeys(name: ProcessName): boolean {
  const files = fs.readdirSync(sourceDirOf(name), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  return files.some((f) => fs.readFileSync(path.join(sourceDirOf(name), f), 'utf8').includes('loadPlatformKeys('));
}

function productionRulesOf(name: ProcessName): { required: string[]; forbidden: Array<{ key: string; value: string }> } {
  const required: string[] = [];
  const forbidden: Array<{ key: string; value: string }> = [];
  for (const [key, prop] of Object.entries(configSchemaOf(name).properties)) {
    const rule = (prop as { production?: ProductionRule }).production;
    if (rule === 'required' || (typeof rule === 'object' && 'requiredUnless' in rule)) required.push(key);
    else if (typeof rule === 'object' && 'forbids' in rule) forbidden.push(...rule.forbids.map((value) => ({ key, value })));
  }
  return { required: [...required, ...(loadsPlatformKeys(name) ? KEYS : [])], forbidden };
}
const RULES = Object.fromEntries(PLATFORM_PROCESSES.map((name) => [name, productionRulesOf(name)])) as Record<
  ProcessName,
  ReturnType<typeof productionRulesOf>
>;

test('the rules read from the schemas include what the platform is known to need', () => {
  for (const name of PLATFORM_PROCESSES)
    expect(RULES[name].required).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'NATS_URL', 'PUBLIC_BASE_URL']));
  expect(RULES.auth.required).toEqual(expect.arrayContaining(['SMTP_URL', 'SETUP_TOKEN', ...KEYS]));
  expect(RULES.users.required).toEqual(expect.arrayContaining(KEYS));
  if (PLATFORM_PROCESSES.includes('billing')) expect(RULES.billing.forbidden).toContainEqual({ key: 'PAYMENTS', value: 'local' });
});

/** A complete production environment pointing at nothing that answers (a refusal must come first). */
const complete: Record<string, string> = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  DATABASE_URL: 'postgres://corestone@127.0.0.1:1/corestone',
  REDIS_URL: 'redis://127.0.0.1:1',
  NATS_URL: 'nats://127.0.0.1:1',
  PUBLIC_BASE_URL: 'https://essays.school.example',
  SMTP_URL: 'smtp://mailer.school.example:587',
  SETUP_TOKEN: randomBytes(24).toString('base64url'),
  JWT_PRIVATE_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  TOKEN_HMAC_KEY: randomBytes(32).toString('base64'),
};

/** Runs a process until it exits (a refusal is immediate); kills it if it starts instead. */
function runUntilExit(name: ProcessName, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !(k in complete) && !k.startsWith('OTEL_')));
    const child = spawn(process.execPath, [entryOf(name)], { env: { ...clean, ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const without = (key: string) => Object.fromEntries(Object.entries(complete).filter(([k]) => k !== key));
const cases = PLATFORM_PROCESSES.flatMap((name) => RULES[name].required.map((key) => ({ name, key })));
const forbiddenCases = PLATFORM_PROCESSES.flatMap((name) => RULES[name].forbidden.map((f) => ({ name, ...f })));

describe.each(cases)('$name in production without $key', ({ name, key }) => {
  test.concurrent('refuses to start and names the setting', async () => {
    const { code, output } = await runUntilExit(name, without(key));
    expect(code).not.toBe(0);
    expect(output).toContain(key);
  });
});

describe.each(forbiddenCases)('$name in production with $key=$value', ({ name, key, value }) => {
  test.concurrent('refuses the development-only setting and names it', async () => {
    const { code, output } = await runUntilExit(name, { ...complete, [key]: value });
    expect(code).not.toBe(0);
    expect(output).toContain(`${key}=${value}`);
  });
});

describe.each([...PLATFORM_PROCESSES])('%s', (name) => {
  test.concurrent('refuses an environment name outside development, test and production', async () => {
    const { code, output } = await runUntilExit(name, { ...complete, NODE_ENV: 'prod' });
    expect(code).not.toBe(0);
    expect(output).toMatch(/NODE_ENV must be one of development, test, production/);
  });

  test.concurrent('refuses a plain-http public address in production', async () => {
    const { code, output } = await runUntilExit(name, { ...complete, PUBLIC_BASE_URL: 'http://essays.school.example' });
    expect(code).not.toBe(0);
    expect(output).toContain('PUBLIC_BASE_URL must be an https:// address');
  });
});

test('auth refuses short or malformed keys in production', async () => {
  const shortToken = await runUntilExit('auth', { ...complete, TOKEN_HMAC_KEY: randomBytes(8).toString('base64') });
  expect(shortToken.code).not.toBe(0);
  expect(shortToken.output).toContain('TOKEN_HMAC_KEY must be at least 32 bytes');
  const badPem = await runUntilExit('auth', { ...complete, JWT_PRIVATE_KEY: 'not a key' });
  expect(badPem.code).not.toBe(0);
  expect(badPem.output).toContain('JWT_PRIVATE_KEY is not a PEM private key');
});

test('auth without SMTP starts only when mail is explicitly off', async () => {
  const { output } = await runUntilExit('auth', { ...without('SMTP_URL'), MAIL_DISABLED: 'true' });
  // Past the configuration check it tries the (unreachable) database: the refusal is not about mail.
  expect(output).not.toContain('SMTP_URL must be set');
});

test('billing refuses the local checkout (PAYMENTS=local) in production: it grants credits without money', async () => {
  const { code, output } = await runUntilExit('billing', { ...complete, PAYMENTS: 'local' });
  expect(code).not.toBe(0);
  expect(output).toContain('PAYMENTS=local is for development only');
});
