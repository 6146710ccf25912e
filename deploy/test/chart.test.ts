/**
 * The Helm chart: lint --strict, renders equal to the committed expected output (default values and
 * every example), validate against the schemas, yamllint, and the values schema refuses mistakes.
 * Re-render the expected files after a deliberate change: npm run chart:expected
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICES, streamName } from '@corestone/contracts';
import { GRADING_CONSUMER } from '@corestone/grading/consumer';
import { chartDir, exampleValueFiles, expectedFile, helm, helmBin, helmTemplate, parseManifests, yamllint, type Manifest } from './support';
import { validateManifest } from './models';
import { gatewayRemotes, startupProblems } from './production-config';

const cases = [{ name: 'default', file: undefined as string | undefined }, ...exampleValueFiles()];
const rendered: Record<string, { text: string; manifests: Manifest[] }> = {};
beforeAll(() => {
  for (const c of cases) {
    const text = helmTemplate(c.file);
    rendered[c.name] = { text, manifests: parseManifests(text) };
  }
});

const find = (name: string, kind: string, resource: string) =>
  rendered[name].manifests.find((m) => m.kind === kind && m.metadata.name === resource);
const all = (name: string, kind: string) => rendered[name].manifests.filter((m) => m.kind === kind);

function valuesFile(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-values-')), 'values.yaml');
  fs.writeFileSync(file, content);
  return file;
}

it('has the examples it is documented with', () => {
  expect(cases.map((c) => c.name)).toEqual(['default', 'production', 'small-school']);
});

describe.each(cases)('values: $name', ({ name, file }) => {
  it('passes helm lint --strict', () => {
    const res = helm(['lint', '--strict', chartDir, ...(file ? ['-f', file] : [])]);
    expect(res.stderr + res.stdout).toContain('0 chart(s) failed');
    expect(res.status).toBe(0);
  });

  it('renders exactly the committed expected output', () => {
    expect(rendered[name].text).toBe(fs.readFileSync(expectedFile(name), 'utf8'));
  });

  it('validates every document against its schema and passes yamllint', () => {
    for (const m of rendered[name].manifests) validateManifest(m);
    expect(yamllint(rendered[name].text)).toBe('');
  });

  it('leaves replicas to the autoscaler wherever one manages the Deployment', () => {
    const managed = new Set([
      ...all(name, 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name),
      ...all(name, 'ScaledObject').map((s) => s.spec.scaleTargetRef.name),
    ]);
    for (const d of all(name, 'Deployment')) {
      if (managed.has(d.metadata.name)) expect(d.spec.replicas).toBeUndefined();
      else expect(d.spec.replicas).toBeGreaterThan(0);
    }
  });

  it('keeps every stream in three copies, on the NATS cluster the chart expects (deploy/k8s/nats/values.yaml)', () => {
    const config = all(name, 'ConfigMap').find((m) => m.metadata.name.endsWith('-config') && m.data?.NATS_URL)!;
    expect(config.data!.NATS_STREAM_REPLICAS).toBe('3');
    const nats = parse(fs.readFileSync(path.join(chartDir, '..', '..', 'deploy', 'k8s', 'nats', 'values.yaml'), 'utf8'));
    expect(nats.config.cluster).toMatchObject({ enabled: true, replicas: 3 });
    expect(nats.config.jetstream).toMatchObject({ enabled: true, fileStore: { enabled: true, pvc: { enabled: true } } });
    expect(nats.config.cluster.replicas).toBeGreaterThanOrEqual(Number(config.data!.NATS_STREAM_REPLICAS));
  });

  it('scales grading on the lag of the consumer the code creates', () => {
    const [scaled] = all(name, 'ScaledObject');
    const { metadata } = scaled.spec.triggers[0];
    const prefix = find(name, 'ConfigMap', `${scaled.metadata.name.replace(/-grading$/, '')}-config`)!.data!.NATS_PREFIX;
    expect(scaled.spec.triggers[0].type).toBe('nats-jetstream');
    expect(metadata.stream).toBe(streamName(prefix, GRADING_CONSUMER.stream));
    expect(metadata.consumer).toBe(GRADING_CONSUMER.durable);
    expect(typeof metadata.lagThreshold).toBe('string');
    const job = all(name, 'Job').find((j) => j.metadata.name.endsWith('-grading-ensure-consumer'))!;
    expect(job.metadata.annotations!['helm.sh/hook']).toBe('post-install,post-upgrade');
    const script = job.spec.template.spec.containers[0].command[1];
    expect(fs.existsSync(path.join(chartDir, '..', '..', script.replace(/^(.*)\/dist\/(.*)\.js$/, '$1/src/$2.ts')))).toBe(true);
  });

  it('gives every process what its production configuration requires (it fails closed)', () => {
    let checked = 0;
    for (const d of all(name, 'Deployment')) {
      const problems = startupProblems(d, rendered[name].manifests);
      if (problems) {
        expect({ deployment: d.metadata.name, problems }).toEqual({ deployment: d.metadata.name, problems: [] });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(7);
  });

  it('lets the gateway answer /mf/manifest.json from the mounted remotes ConfigMap', () => {
    const remotes = gatewayRemotes(rendered[name].manifests);
    expect(Object.keys(remotes).length).toBeGreaterThan(0);
    const [ingress] = all(name, 'Ingress');
    const paths = ingress.spec.rules[0].http.paths;
    expect(paths.find((p: { path: string }) => p.path === '/mf/manifest.json')).toMatchObject({
      pathType: 'Exact',
      backend: { service: { name: expect.stringMatching(/-gateway$/) } },
    });
  });

  it("mounts the frontends' framing.conf and gives the gateway the same LMS origins (LTI)", () => {
    const frontends = all(name, 'Deployment').find((x) => x.metadata.labels!['app.kubernetes.io/name'] === 'frontends')!;
    const pod = frontends.spec.template.spec;
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: 'framing', mountPath: '/etc/nginx/framing', readOnly: true });
    const volume = pod.volumes.find((v: { name: string }) => v.name === 'framing');
    const framing = find(name, 'ConfigMap', volume.configMap.name)!.data!['framing.conf'] as string;
    const config = all(name, 'ConfigMap').find((m) => m.data?.LTI_PLATFORM_ORIGINS !== undefined)!;
    const origins: string = config.data!.LTI_PLATFORM_ORIGINS;
    if (origins) {
      expect(framing).toContain(`default "'self' ${origins}";`);
      expect(framing).toContain('$corestone_x_frame_options { default ""; }');
    } else {
      expect(framing).toContain(`default "'none'";`);
      expect(framing).toContain('$corestone_x_frame_options { default "DENY"; }');
    }
  });

  it('runs every service on its port from the contracts', () => {
    for (const [service, { port }] of Object.entries(SERVICES)) {
      const d = all(name, 'Deployment').find((x) => x.metadata.labels!['app.kubernetes.io/name'] === service)!;
      expect(d.spec.template.spec.containers[0].ports[0].containerPort).toBe(port);
    }
  });
});

describe('defaults and fallbacks', () => {
  it('creates every kind the issue asks for with default values', () => {
    const kinds = new Set(rendered.default.manifests.map((m) => m.kind));
    for (const kind of [
      'Deployment',
      'Service',
      'ServiceAccount',
      'HorizontalPodAutoscaler',
      'ScaledObject',
      'PodDisruptionBudget',
      'NetworkPolicy',
      'Ingress',
      'ConfigMap',
      'Pod',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(find('default', 'Ingress', 'corestone')!.spec.tls[0].secretName).toBe('corestone-tls');
    const test = find('default', 'Pod', 'corestone-test-health')!;
    expect(test.metadata.annotations!['helm.sh/hook']).toBe('test');
    expect(test.spec.containers[0].env[0].value).toBe('http://corestone-gateway:8080/api/v1/health');
  });

  it('lets a component override one key and keep the other defaults', () => {
    const hpa = (c: string) => find('production', 'HorizontalPodAutoscaler', `corestone-${c}`)!.spec;
    expect(hpa('gateway')).toMatchObject({ minReplicas: 3, maxReplicas: 20 });
    expect(hpa('rubric')).toMatchObject({ minReplicas: 2, maxReplicas: 8 });
    expect(hpa('gateway').metrics[0].resource.target.averageUtilization).toBe(70);
  });

  it('lets `false` and `0` set on defaults or a component win over the chart defaults', () => {
    expect(all('small-school', 'HorizontalPodAutoscaler')).toEqual([]);
    expect(all('small-school', 'PodDisruptionBudget')).toEqual([]);
    expect(all('small-school', 'ScaledObject')[0].spec.minReplicaCount).toBe(0);
    for (const d of all('small-school', 'Deployment').filter((x) => !x.metadata.name.endsWith('grading'))) {
      expect(d.spec.replicas).toBe(1);
      expect(d.spec.template.spec.topologySpreadConstraints).toBeUndefined();
    }
  });

  it('ships a Grafana dashboard that is valid JSON', () => {
    const dashboard = JSON.parse(find('default', 'ConfigMap', 'corestone-dashboard')!.data!['corestone.json']);
    expect(dashboard.panels.length).toBeGreaterThan(5);
  });
});

describe('the grader (grading.grader, grading.openai)', () => {
  const gradingEnv = (manifests: Manifest[]) => {
    const d = manifests.find((m) => m.kind === 'Deployment' && m.metadata.name.endsWith('-grading'))!;
    return d.spec.template.spec.containers[0].env as Array<{
      name: string;
      value?: string;
      valueFrom?: { secretKeyRef?: { key: string; optional?: boolean } };
    }>;
  };
  const valueOf = (env: ReturnType<typeof gradingEnv>, name: string) => env.find((e) => e.name === name)?.value;

  it('defaults to auto: the AI model exactly when the Secret holds OPENAI_API_KEY (optional) or a base URL is set', () => {
    const env = gradingEnv(rendered.default.manifests);
    expect(valueOf(env, 'GRADER')).toBe('auto');
    expect(valueOf(env, 'OPENAI_MODEL')).toBe('gpt-4o-mini');
    expect(env.find((e) => e.name === 'OPENAI_BASE_URL')).toBeUndefined();
    expect(env.find((e) => e.name === 'OPENAI_API_KEY')?.valueFrom?.secretKeyRef).toMatchObject({ key: 'OPENAI_API_KEY', optional: true });
    // only grading is told: evaluation asks grading which grader is in force
    for (const d of all('default', 'Deployment').filter((x) => !x.metadata.name.endsWith('-grading'))) {
      expect((d.spec.template.spec.containers[0].env ?? []).map((e: { name: string }) => e.name)).not.toContain('GRADER');
    }
  });

  it('forces a grader and points at a compatible endpoint when set', () => {
    const text = helmTemplate(
      valuesFile(
        ['grading:', '  grader: builtin', '  openai:', '    baseUrl: http://vllm.ai.svc:8000/v1', '    model: llama-3.1-8b'].join('\n'),
      ),
    );
    const env = gradingEnv(parseManifests(text));
    expect(valueOf(env, 'GRADER')).toBe('builtin');
    expect(valueOf(env, 'OPENAI_BASE_URL')).toBe('http://vllm.ai.svc:8000/v1');
    expect(valueOf(env, 'OPENAI_MODEL')).toBe('llama-3.1-8b');
  });

  it('refuses a grader the service does not know', () => {
    const res = helm(['template', 'corestone', chartDir, '-f', valuesFile('grading:\n  grader: gpt\n')]);
    expect(res.status).not.toBe(0);
    expect(res.stderr).toContain('grading.grader');
  });
});

describe('values.schema.json', () => {
  it('refuses unknown keys, unknown components, a numeric lagThreshold and a bad role (one run, every error)', () => {
    const mistakes = [
      'replicaCount: 2',
      'defaults:',
      '  role: database',
      'components:',
      '  mailer:',
      '    port: 1',
      '  grading:',
      '    keda:',
      '      lagTreshold: "5"',
      '      lagThreshold: 5',
    ].join('\n');
    const res = helm(['template', 'corestone', chartDir, '-f', valuesFile(mistakes)]);
    expect(res.status).not.toBe(0);
    for (const message of [
      'Additional property replicaCount is not allowed',
      'Additional property mailer is not allowed',
      'Additional property lagTreshold is not allowed',
      'components.grading.keda.lagThreshold: Invalid type. Expected: string',
      'defaults.role',
    ]) {
      expect(res.stderr).toContain(message);
    }
  });
});

describe('documentation and pinning', () => {
  const freeForm = new Set([
    'remotes',
    'annotations',
    'labels',
    'extraEnv',
    'env',
    'resources',
    'podSecurityContext',
    'securityContext',
    'podAnnotations',
    'podLabels',
    'nodeSelector',
    'affinity',
  ]);
  const leaves = (value: unknown, prefix: string): string[] =>
    value && typeof value === 'object' && !Array.isArray(value) && !freeForm.has(prefix.split('.').pop()!)
      ? Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k))
      : [prefix];

  it('describes every value in the README', () => {
    const values = parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Record<string, unknown>;
    const readme = fs.readFileSync(path.join(chartDir, 'README.md'), 'utf8');
    const { defaults, components, ...top } = values;
    const documented = [...leaves(top, ''), ...leaves(defaults, '')];
    expect(documented.length).toBeGreaterThan(50);
    expect(documented.filter((key) => !readme.includes(`\`${key}\``))).toEqual([]);
    expect(Object.keys(components as object).filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('runs the helm binary whose sha256 the README records', () => {
    const sha = createHash('sha256').update(fs.readFileSync(helmBin)).digest('hex');
    expect(fs.readFileSync(path.join(chartDir, 'README.md'), 'utf8')).toContain(sha);
    expect(sha).toBe('8c375d1016b2c9754bad8da3ed07ce33c0f9af3bad8890e61737f5137be7396d');
  });
});
