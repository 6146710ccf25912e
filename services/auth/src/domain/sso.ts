import type { SsoProvider } from '@corestone/contracts';

/** The ID token claims the SSO rules read (openid-client's IDToken has these and more). */
export interface SsoClaims {
  email?: unknown;
  email_verified?: unknown;
  hd?: unknown;
  tid?: unknown;
  xms_edov?: unknown;
  [claim: string]: unknown;
}

/**
 * Whether the provider vouches for the e-mail address. Google: `email_verified`. Microsoft Entra
 * ID sends `email_verified` only when asked and otherwise marks a verified domain owner with the
 * optional claim `xms_edov` (to be enabled in the app registration): either counts, nothing else
 * (an Entra account's `email` is editable by its tenant's admins).
 */
export function ssoEmailVerified(provider: SsoProvider, claims: SsoClaims): boolean {
  if (claims.email_verified === true || claims.email_verified === 'true') return true;
  return provider === 'microsoft' && (claims.xms_edov === true || claims.xms_edov === 'true' || claims.xms_edov === 1);
}

/**
 * What names the account's school: Google's hosted domain `hd` (only Workspace accounts have one;
 * null for a personal account), Microsoft's tenant id `tid` (`missing` when absent: every Entra
 * ID token has one). Lower-cased as schools stores them.
 */
export function ssoSchoolKey(provider: SsoProvider, claims: SsoClaims): { domain: string } | { tenant_id: string } | null | 'missing' {
  const value = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : null);
  if (provider === 'google') {
    const hd = value(claims.hd);
    return hd ? { domain: hd } : null;
  }
  const tid = value(claims.tid);
  return tid ? { tenant_id: tid } : 'missing';
}
