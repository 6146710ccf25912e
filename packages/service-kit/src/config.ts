import path from 'node:path';
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { SERVICES, type ServiceName } from '@corestone/contracts';

/** Repository root, for defaults that point at local folders (keys, mail, uploads). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const serviceUrls = Object.fromEntries(
  Object.entries(SERVICES).map(([name, s]) => [
    `${name.toUpperCase()}_URL`,
    Type.String({ default: `http://127.0.0.1:${s.port}` }),
  ]),
) as Record<`${Uppercase<ServiceName>}_URL`, ReturnType<typeof Type.String>>;

/** Settings every service reads; each service extends them with its own. */
export const BaseConfig = Type.Object({
  NODE_ENV: Type.String({ default: 'development' }),
  LOG_LEVEL: Type.String({ default: 'info' }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/corestone' }),
  /** Put in front of every service's schema name: test runs use their own. */
  PG_SCHEMA_PREFIX: Type.String({ default: '' }),
  PG_POOL_MAX: Type.Integer({ default: 10, minimum: 1 }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379' }),
  REDIS_PREFIX: Type.String({ default: 'cs:' }),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  /** A subject token put in front of every subject and stream name. */
  NATS_PREFIX: Type.String({ default: '' }),
  KEYS_DIR: Type.String({ default: path.join(REPO_ROOT, '.keys') }),
  PUBLIC_BASE_URL: Type.String({ default: 'http://localhost:8080' }),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String()),
  ...serviceUrls,
});
export type BaseConfig = Static<typeof BaseConfig>;

export function configSchema<P extends TProperties>(own: P) {
  return Type.Object({ ...BaseConfig.properties, ...own });
}

/** Reads and checks configuration from the environment; refuses to start on bad values. */
export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
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
