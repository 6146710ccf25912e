/** The kustomize overlays render offline, validate against the Kubernetes schemas and pass yamllint. */
import path from 'node:path';
import { SERVICES } from '@corestone/contracts';
import { kustomize, overlaysDir, parseManifests, yamllint, type Manifest } from './support';
import { validateManifest } from './models';
import { gatewayRemotes, startupProblems } from './production-config';

// Every process of the platform: the contracts' service directory, plus the edge components.
// content and links are listed until their entries land in contracts.
const services: Record<string, number> = {
  content: 8107,
  links: 8108,
  ...Object.fromEntries(Object.entries(SERVICES).map(([n, s]) => [n, s.port])),
};
const components = ['gateway', 'frontends', ...Object.keys(services)];

const rendered: Record<string, Manifest[]> = {};
const text: Record<string, string> = {};
beforeAll(() => {
  for (const overlay of ['dev', 'prod']) {
    text[overlay] = kustomize(path.join(overlaysDir, overlay));
    rendered[overlay] = parseManifests(text[overlay]);
  }
});

const byKind = (overlay: string, kind: string) => rendered[overlay].filter((m) => m.kind === kind);
const find = (overlay: string, kind: string, name: string) => rendered[overlay].find((m) => m.kind === kind && m.metadata.name === name);

describe.each(['dev', 'prod'])('overlay %s', (overlay) => {
  it('validates every document against its schema', () => {
    expect(rendered[overlay].length).toBeGreaterThan(30);
    for (const m of rendered[overlay]) validateManifest(m);
  });

  it('passes yamllint', () => {
    expect(yamllint(text[overlay])).toBe('');
  });

  it('has a Deployment, Service and PodDisruptionBudget for every component', () => {
    for (const name of components) {
      expect(find(overlay, 'Deployment', name)).toBeDefined();
      expect(find(overlay, 'Service', name)).toBeDefined();
      expect(find(overlay, 'PodDisruptionBudget', name)).toBeDefined();
    }
  });

  it('runs every service on its port from the contracts', () => {
    for (const [name, port] of Object.entries(services)) {
      const container = find(overlay, 'Deployment', name)!.spec.template.spec.containers[0];
      expect(container.ports[0].containerPort).toBe(port);
      expect(container.env.find((e: { name: string }) => e.name === 'PORT').value).toBe(String(port));
    }
  });

  it('hardens every pod of the platform and probes /livez and /readyz', () => {
    for (const name of components) {
      const pod = find(overlay, 'Deployment', name)!.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken).toBe(false);
      const [container] = pod.containers;
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.livenessProbe.httpGet.path).toBe('/livez');
      expect(container.readinessProbe.httpGet.path).toBe('/readyz');
      expect(container.resources.requests.cpu).toBeDefined();
      expect(container.resources.limits.memory).toBeDefined();
      expect(pod.topologySpreadConstraints.length).toBeGreaterThan(0);
    }
  });

  it('gives every process what its production configuration requires (it fails closed)', () => {
    const checked = components
      .filter((name) => name !== 'frontends')
      .map((name) => {
        const problems = startupProblems(find(overlay, 'Deployment', name)!, rendered[overlay]);
        if (problems) expect({ name, problems }).toEqual({ name, problems: [] });
        return problems ? name : null;
      });
    expect(checked.filter(Boolean).length).toBeGreaterThanOrEqual(7);
  });

  it('lets the gateway answer /mf/manifest.json from the mounted remotes ConfigMap', () => {
    const paths = find(overlay, 'Ingress', 'corestone')!.spec.rules[0].http.paths;
    expect(paths.find((p: { path: string }) => p.path === '/mf/manifest.json')).toMatchObject({
      pathType: 'Exact',
      backend: { service: { name: 'gateway' } },
    });
    expect(Object.keys(gatewayRemotes(rendered[overlay])).sort()).toEqual(['admin', 'student']);
  });

  it('takes secrets only by reference', () => {
    expect(byKind(overlay, 'Secret')).toEqual([]);
    const env = byKind(overlay, 'Deployment').flatMap((d) => d.spec.template.spec.containers[0].env ?? []);
    for (const e of env.filter((e: { name: string }) => /KEY|SECRET|DATABASE_URL|REDIS_URL|TOKEN/.test(e.name))) {
      expect(e.valueFrom.secretKeyRef.name).toBe('corestone-secrets');
    }
  });

  it('denies ingress by default and admits the edge only from the ingress controller', () => {
    expect(find(overlay, 'NetworkPolicy', 'default-deny-ingress')!.spec.podSelector).toEqual({});
    const edge = find(overlay, 'NetworkPolicy', 'edge-from-ingress')!;
    expect(edge.spec.podSelector.matchExpressions[0].values).toEqual(['gateway', 'frontends']);
    const services = find(overlay, 'NetworkPolicy', 'services-from-gateway')!;
    expect(services.spec.ingress[0].from).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }]);
  });
});

describe('dev overlay', () => {
  it('brings PostgreSQL, Redis and NATS JetStream with one replica of everything', () => {
    for (const name of ['postgres', 'redis', 'nats']) expect(find('dev', 'StatefulSet', name)).toBeDefined();
    expect(find('dev', 'StatefulSet', 'nats')!.spec.template.spec.containers[0].args).toEqual(
      expect.arrayContaining(['-js', '-m', '8222']),
    );
    for (const d of byKind('dev', 'Deployment')) expect(d.spec.replicas).toBe(1);
  });

  it('lets only the services reach PostgreSQL, and Redis only the gateway and auth', () => {
    const pg = find('dev', 'NetworkPolicy', 'postgres-from-services')!;
    expect(pg.spec.ingress[0].from[0].podSelector.matchExpressions[0].values).toEqual(['service']);
    const redis = find('dev', 'NetworkPolicy', 'redis-from-gateway-and-auth')!;
    expect(redis.spec.ingress[0].from[0].podSelector.matchExpressions[0].values).toEqual(['gateway', 'auth']);
  });
});

it("keeps streams in three copies on the production NATS cluster and in one on the dev overlay's single server", () => {
  expect(find('prod', 'ConfigMap', 'corestone-config')!.data!.NATS_STREAM_REPLICAS).toBe('3');
  expect(find('dev', 'ConfigMap', 'corestone-config')!.data!.NATS_STREAM_REPLICAS).toBe('1');
  expect(find('dev', 'StatefulSet', 'nats')!.spec.replicas).toBe(1);
});

describe('prod overlay', () => {
  it('autoscales the gateway, every service and grading, leaving their replica counts to the HPA', () => {
    const scaled = byKind('prod', 'HorizontalPodAutoscaler')
      .map((h) => h.spec.scaleTargetRef.name)
      .sort();
    expect(scaled).toEqual(components.filter((c) => c !== 'frontends').sort());
    for (const name of scaled) expect(find('prod', 'Deployment', name)!.spec.replicas).toBeUndefined();
  });

  it('uses no in-cluster datastores, TLS at the ingress and a shared avatar volume', () => {
    expect(byKind('prod', 'StatefulSet')).toEqual([]);
    expect(find('prod', 'Ingress', 'corestone')!.spec.tls[0].secretName).toBe('corestone-tls');
    const volumes = find('prod', 'Deployment', 'users')!.spec.template.spec.volumes;
    expect(volumes).toContainEqual({ name: 'avatars', persistentVolumeClaim: { claimName: 'users-avatars' } });
  });
});
