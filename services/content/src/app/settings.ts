import type { ContentSettingsUpdate } from '@corestone/contracts';
import type { GenerationCache } from '@corestone/service-kit';
import type { OrganisationDetails } from '../domain/placeholders';
import type { SettingsStore } from '../store/settings';

/** The cache entry of the organisation details the public policies are filled with. */
const ORGANISATION = 'organisation';

export interface SettingsDeps {
  settings: SettingsStore;
  cache: GenerationCache;
}

/** The organisation's details, through the cache the public policies read. */
export function organisationDetails({ settings, cache }: SettingsDeps): Promise<OrganisationDetails> {
  return cache.get(ORGANISATION, () => settings.organisation());
}

/** Saves a settings change (those not sent are kept) and drops the cached details, so the policies show it at once. */
export async function changeSettings({ settings, cache }: SettingsDeps, change: ContentSettingsUpdate, editor: string): Promise<void> {
  await settings.update(change, editor);
  await cache.invalidate(ORGANISATION);
}
