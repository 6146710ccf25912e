import { Codes, Messages, type Policy, type PolicyUpdate } from '@corestone/contracts';
import { notFound, type GenerationCache } from '@corestone/service-kit';
import { isPolicyId } from '../domain/policies';
import { fillPlaceholders } from '../domain/placeholders';
import type { DocumentStore } from '../store/documents';
import type { SettingsStore } from '../store/settings';
import { organisationDetails } from './settings';

export interface PolicyDeps {
  documents: DocumentStore;
  settings: SettingsStore;
  cache: GenerationCache;
}

const contentNotFound = () => notFound(Messages.CONTENT_NOT_FOUND, Codes.CONTENT_NOT_FOUND);

/**
 * A policy: editors get the working copy as written (they must see their draft, not the public
 * page); everyone else the published version with the organisation's details filled in
 * (`{{contact_email}}` …, domain/placeholders.ts).
 */
export async function readPolicy(deps: PolicyDeps, resource: string, editor: boolean): Promise<Policy> {
  if (!isPolicyId(resource)) throw contentNotFound();
  let data: Policy | null;
  if (editor) data = await deps.documents.workingCopy(resource);
  else {
    const [policy, organisation] = await Promise.all([
      deps.cache.get(`policy:${resource}`, () => deps.documents.published(resource)),
      organisationDetails(deps),
    ]);
    data = policy && { ...policy, content: fillPlaceholders(policy.content, organisation) };
  }
  if (!data) throw contentNotFound();
  return data;
}

/** Saves a policy (status published makes it the public version) and drops its cached public version. */
export async function savePolicy(deps: PolicyDeps, resource: string, change: PolicyUpdate, editor: string): Promise<void> {
  if (!isPolicyId(resource)) throw contentNotFound();
  if (!(await deps.documents.update(resource, change, editor))) throw contentNotFound();
  await deps.cache.invalidate(`policy:${resource}`);
}
