import { ORGANISATION_SETTINGS, type OrganisationSettingKey } from '@corestone/contracts';

export type OrganisationDetails = Record<OrganisationSettingKey, string>;

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;
const isOrganisationKey = (key: string): key is OrganisationSettingKey => Object.hasOwn(ORGANISATION_SETTINGS, key);

/** What the public reads where a detail is not set yet: visible, so an operator notices it. */
const notSet = (key: OrganisationSettingKey) => `[${ORGANISATION_SETTINGS[key].toLowerCase()} not set]`;

/**
 * Fills `{{organisation_name}}`, `{{contact_email}}`, `{{safeguarding_email}}` and
 * `{{postal_address}}` in a policy's markdown with the organisation settings. Unknown names are
 * left as written. Values are inserted as plain text on one line, without the characters that would
 * make markdown or HTML of them (* ` < > [ ] | ~ \): a setting can never add formatting, a link or
 * markup to a policy. (Renderers do not all honour backslash escapes, so they are dropped, not escaped.)
 */
export function fillPlaceholders(markdown: string, details: OrganisationDetails): string {
  return markdown.replace(PLACEHOLDER, (whole, key: string) => {
    if (!isOrganisationKey(key)) return whole;
    const value = details[key].replace(/\s+/g, ' ');
    const plain = value.replace(/[*`<>[\]|~\\]/g, '').trim();
    return plain || notSet(key);
  });
}
