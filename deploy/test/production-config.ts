/**
 * What a rendered Deployment would give its process, checked with the process's own production
 * rules (service-kit productionProblems over the service's config schema): a manifest that would
 * make a process refuse to start fails here, offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TObject } from '@sinclair/typebox';
import { productionProblems } from '@corestone/service-kit';
import { repoRoot, type Manifest } from './support';

/** The config schema of a process (gateway or services/<name>); null while its folder does not exist yet. */
export function configSchemaOf(name: string): TObject | null {
  const dir = name === 'gateway' ? path.join(repoRoot, 'gateway') : path.join(repoRoot, 'services', name);
  if (!fs.existsSync(path.join(dir, 'src', 'config.ts'))) return null;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the process is chosen at run time
  const exported = require(`@corestone/${name}/config`);
  return exported[`${name[0].toUpperCase()}${name.slice(1)}Config`] ?? null;
}

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { optional?: boolean } };
}

/**
 * The environment a container starts with: its ConfigMaps (envFrom) and env entries. A required
 * secret reference counts as set (Kubernetes will not start the pod without it); an optional one
 * counts as absent (the worst case).
 */
export function containerEnv(deployment: Manifest, configMaps: Manifest[]): Record<string, string> {
  const [container] = deployment.spec.template.spec.containers;
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const map = configMaps.find((m) => m.metadata.name === source.configMapRef?.name);
    if (!map) throw new Error(`${deployment.metadata.name}: ConfigMap ${source.configMapRef?.name} not rendered`);
    Object.assign(env, map.data);
  }
  for (const e of (container.env ?? []) as EnvVar[]) {
    if (e.value !== undefined) env[e.name] = e.value;
    else if (e.valueFrom?.secretKeyRef && !e.valueFrom.secretKeyRef.optional) env[e.name] = 'from-the-secret';
  }
  return env;
}

/**
 * The remotes the gateway will serve at /mf/manifest.json: its MF_REMOTES_FILE, found in the
 * ConfigMap mounted at that folder and parsed by the gateway's own parser (which stops it on a bad file).
 */
export function gatewayRemotes(manifests: Manifest[]): Record<string, { url: string; version?: string }> {
  const gateway = manifests.find((m) => m.kind === 'Deployment' && m.metadata.labels?.['app.kubernetes.io/name'] === 'gateway')!;
  const pod = gateway.spec.template.spec;
  const file: string = pod.containers[0].env.find((e: EnvVar) => e.name === 'MF_REMOTES_FILE').value;
  const mount = pod.containers[0].volumeMounts.find((v: { mountPath: string }) => v.mountPath === path.posix.dirname(file));
  const volume = pod.volumes.find((v: { name: string }) => v.name === mount.name);
  const map = manifests.find((m) => m.kind === 'ConfigMap' && m.metadata.name === volume.configMap.name)!;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the gateway's own parser, through its entry point
  const { parseRemotes } = require('@corestone/gateway/remotes');
  return parseRemotes(map.data![path.posix.basename(file)], `${map.metadata.name}/${path.posix.basename(file)}`);
}

/** Problems the process named by the Deployment's app.kubernetes.io/name would refuse to start with. */
export function startupProblems(deployment: Manifest, manifests: Manifest[]): string[] | null {
  const schema = configSchemaOf(deployment.metadata.labels!['app.kubernetes.io/name']);
  if (!schema) return null;
  const env = containerEnv(
    deployment,
    manifests.filter((m) => m.kind === 'ConfigMap'),
  );
  if (env.NODE_ENV !== 'production') return [`NODE_ENV is ${env.NODE_ENV}`];
  return productionProblems(schema, env);
}
