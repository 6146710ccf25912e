import path from 'node:path';
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { SERVICES, type ServiceName } from '@corestone/contracts';

/** Repository root, for defaults that point at local folders (keys, mail, uploads). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const serviceUrls = Object.fromEntries(
  Object.entries(SERVICES).map(([name, s]) => [`${name.toUpperCase()}_URL`, Type.String({ default: `http://127.0.0.1:${s.port}` })]),
) as Record<`${Uppercase<ServiceName>}_URL`, ReturnType<typeof Type.String>>;

/** The local database `npm start` uses (created on first start when missing). */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/corestone';

/** Settings every service reads; each service extends them with its own. */
const ENVIRONMENTS = ['development', 'test', 'production'] as const;

/**
 * Production fails closed. A setting marked `production: 'required'` must come from the environment
 * there (its default only suits a developer's machine); `{ requiredUnless: 'OTHER' }` unless OTHER is
 * set; `{ forbids: [...] }` lists development-only values production refuses.
 */
export type ProductionRule = 'required' | { requiredUnless: string } | { forbids: string[] };
export const prodRequired = { production: 'required' as ProductionRule };

export const BaseConfig = Type.Object({
  NODE_ENV: Type.Union(
    ENVIRONMENTS.map((e) => Type.Literal(e)),
    { default: 'development' },
  ),
  LOG_LEVEL: Type.String({ default: 'info' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATABASE_URL: Type.String({ default: DEFAULT_DATABASE_URL, ...prodRequired }),
  /** Put in front of every service's schema name: test runs use their own. */
  PG_SCHEMA_PREFIX: Type.String({ default: '' }),
  PG_POOL_MAX: Type.Integer({ default: 10, minimum: 1 }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379', ...prodRequired }),
  REDIS_PREFIX: Type.String({ default: 'cs:' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222', ...prodRequired }),
  /** A subject token put in front of every subject and stream name. */
  NATS_PREFIX: Type.String({ default: '' }),
  /**
   * Copies of every stream this service creates: 1 on a single NATS server, 3 on a three-node
   * cluster (NATS_URL then lists its servers, comma-separated). deploy/README.md.
   */
  NATS_STREAM_REPLICAS: Type.Integer({ default: 1, minimum: 1, maximum: 5 }),
  KEYS_DIR: Type.String({ default: path.join(REPO_ROOT, '.keys') }),
  /** The address people use; production requires an https:// one. */
  PUBLIC_BASE_URL: Type.String({ default: 'http://localhost:8080', ...prodRequired }),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String()),
  ...serviceUrls,
});
export type BaseConfig = Static<typeof BaseConfig>;

export function configSchema<P extends TProperties>(own: P) {
  return Type.Object({ ...BaseConfig.properties, ...own });
}

/** What production refuses in this environment, each naming its setting. */
export function productionProblems(schema: TObject, env: NodeJS.ProcessEnv): string[] {
  const given = (key: string) => env[key] !== undefined && env[key] !== '';
  const problems: string[] = [];
  for (const [key, prop] of Object.entries(schema.properties)) {
    const rule = (prop as { production?: ProductionRule }).production;
    if (!rule) continue;
    if (rule === 'required' && !given(key)) problems.push(`${key} must be set in production`);
    else if (typeof rule === 'object' && 'requiredUnless' in rule && !given(key) && !given(rule.requiredUnless)) {
      problems.push(`${key} must be set in production (or set ${rule.requiredUnless})`);
    } else if (
      typeof rule === 'object' &&
      'forbids' in rule &&
      rule.forbids.includes(String(env[key] ?? (prop as { default?: unknown }).default))
    ) {
      problems.push(`${key}=${env[key] ?? (prop as { default?: unknown }).default} is for development only and is refused in production`);
    }
  }
  if (given('PUBLIC_BASE_URL') && !/^https:\/\//i.test(env.PUBLIC_BASE_URL!))
    problems.push('PUBLIC_BASE_URL must be an https:// address in production');
  return problems;
}

/** Reads and checks configuration from the environment; refuses to start on bad values. */
export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const nodeEnv = env.NODE_ENV || 'development';
  if (!(ENVIRONMENTS as readonly string[]).includes(nodeEnv)) {
    throw new Error(`Invalid configuration:\n  NODE_ENV must be one of ${ENVIRONMENTS.join(', ')} (got "${nodeEnv}")`);
  }
  if (nodeEnv === 'production') {
    const problems = productionProblems(schema, env);
    if (problems.length) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const withDefaults = Value.Default(schema, Value.Convert(schema, raw));
  if (!Value.Check(schema, withDefaults)) {
    const problems = [...Value.Errors(schema, withDefaults)].map((e) => `${e.path.slice(1) || '(root)'}: ${e.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return withDefaults as Static<T>;
}

export const isProduction = (config: { NODE_ENV: string }) => config.NODE_ENV === 'production';
