/**
 * Validation of rendered manifests with the schemas shipped in kubernetes-models,
 * @kubernetes-models/keda and @kubernetes-models/prometheus-operator (types and required fields;
 * they do not reject unknown keys).
 */
import type { Manifest } from './support';

type ModelClass = new (data: unknown) => { validate(): void };

/* The model module is chosen by the manifest's apiVersion at run time, hence require. */
/* eslint-disable @typescript-eslint/no-require-imports */
function groupModule(apiVersion: string): Record<string, ModelClass> {
  if (apiVersion === 'keda.sh/v1alpha1') return require('@kubernetes-models/keda/keda.sh/v1alpha1');
  if (apiVersion === 'monitoring.coreos.com/v1') return require('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1');
  return require(`kubernetes-models/${apiVersion}`);
}
/* eslint-enable @typescript-eslint/no-require-imports */

/** Throws with the document's kind/name when it does not validate or no model knows it. */
export function validateManifest(m: Manifest): void {
  let Model: ModelClass | undefined;
  try {
    Model = groupModule(m.apiVersion)[m.kind];
  } catch {
    Model = undefined;
  }
  if (!Model) throw new Error(`no model for ${m.apiVersion} ${m.kind} (${m.metadata?.name})`);
  try {
    new Model(m).validate();
  } catch (err) {
    throw new Error(`${m.kind}/${m.metadata?.name}: ${(err as Error).message}`, { cause: err });
  }
}
