import type { FastifyBaseLogger } from 'fastify';
import type { IDToken } from 'openid-client';
import { SchoolCodes, SsoCodes, type AuthResponse, type SsoCode, type SsoProvider, type SsoSchool, type User } from '@corestone/contracts';
import { HttpError } from '@corestone/service-kit';
import { normalizeEmail, splitFullName, cleanName } from '../domain/validation';
import { ssoEmailVerified, ssoSchoolKey } from '../domain/sso';
import type { AuthStore } from '../store/auth-store';
import { OidcFailure, type OidcProvider } from '../peers/oidc';
import type { SchoolsClient } from '../peers/schools-rpc';
import type { Accounts } from './accounts';
import type { Sessions } from './sessions';

/** A refused sign-in: `code` (SsoCodes) picks the text the sign-in page shows; the message is logged. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoCode,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (code: SsoCode, why: string) => new SsoRefusal(code, why);

/** Who the provider says signed in (the ID token's claims we use). */
interface Identity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

function identityOf(provider: SsoProvider, claims: IDToken): Identity {
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    sub: claims.sub,
    email: str(claims.email),
    emailVerified: ssoEmailVerified(provider, claims),
    givenName: str(claims.given_name),
    familyName: str(claims.family_name),
    name: str(claims.name),
  };
}

/**
 * Sign-in through Google (Workspace or a personal account) and Microsoft Entra ID (issue 32),
 * with each provider's OpenID Connect code flow (peers/oidc.ts). The ID token's `hd` (Google) or
 * `tid` (Microsoft) names the school that verified that domain or tenant (asked of schools); the
 * account is the one linked to the provider's `sub`, else the one with the e-mail — linked only
 * when the provider says the e-mail is verified — else a new one (also only with a verified
 * e-mail), in the school with the role it chose for new members, or an individual student when no
 * school took the domain (Google only: a Microsoft tenant no school verified is refused). A school
 * sign-in makes the account a member of that school (schools decides; another school's member is
 * refused). Every refusal is an SsoRefusal with its code.
 */
export class SsoSignIn {
  constructor(
    private readonly providers: Partial<Record<SsoProvider, OidcProvider>>,
    private readonly store: AuthStore,
    private readonly accounts: Accounts,
    private readonly sessions: Sessions,
    private readonly schools: SchoolsClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  offers(provider: SsoProvider): boolean {
    return this.providers[provider] !== undefined;
  }

  private provider(provider: SsoProvider): OidcProvider {
    const p = this.providers[provider];
    if (!p) throw refuse(SsoCodes.SSO_NOT_CONFIGURED, `${provider} not configured`);
    return p;
  }

  /** The provider's authorization URL; `school` (the start route's `?school=`) is checked at the callback. */
  async start(provider: SsoProvider, redirectUri: string, school: string | null): Promise<string> {
    try {
      return await this.provider(provider).start({ provider, redirectUri, school });
    } catch (err) {
      throw this.asRefusal(err);
    }
  }

  /** Completes the sign-in from the callback's query string; answers with a new session. */
  async finish(provider: SsoProvider, rawQuery: string): Promise<AuthResponse> {
    try {
      const { claims, pending } = await this.provider(provider).finish(provider, rawQuery);
      const school = await this.schoolOf(provider, claims, pending.school);
      const user = await this.resolveUser(provider, identityOf(provider, claims), school);
      if (!user.is_active) throw refuse(SsoCodes.SSO_ACCOUNT_DEACTIVATED, 'account deactivated');
      if (school) await this.admit(school, user);
      return await this.sessions.issue(user, provider);
    } catch (err) {
      throw this.asRefusal(err);
    }
  }

  private asRefusal(err: unknown): SsoRefusal {
    if (err instanceof SsoRefusal) return err;
    if (err instanceof OidcFailure) return refuse(err.kind === 'unavailable' ? SsoCodes.SSO_UNAVAILABLE : SsoCodes.SSO_FAILED, err.message);
    if (err instanceof HttpError && err.statusCode === 503) return refuse(SsoCodes.SSO_UNAVAILABLE, err.detail);
    return refuse(SsoCodes.SSO_FAILED, (err as Error).message);
  }

  /**
   * The school the ID token's `hd` or `tid` belongs to. Google without `hd` (a personal account) or
   * with a domain no school verified: none (an individual), unless the start named a school. A
   * Microsoft tenant no school verified is refused: Microsoft sign-in is for schools.
   */
  private async schoolOf(provider: SsoProvider, claims: IDToken, chosen: string | null): Promise<SsoSchool | null> {
    const key = ssoSchoolKey(provider, claims);
    if (key === 'missing') throw refuse(SsoCodes.SSO_FAILED, 'Microsoft ID token without tid');
    const school = key ? await this.schools.ssoSchool(key) : null;
    if (!school) {
      if (provider === 'microsoft') throw refuse(SsoCodes.SSO_UNKNOWN_TENANT, 'no school verified this tenant');
      if (chosen)
        throw refuse(key ? SsoCodes.SSO_UNKNOWN_TENANT : SsoCodes.SSO_WRONG_SCHOOL, 'the chosen school did not verify this account');
      return null;
    }
    if (chosen && chosen !== school.id)
      throw refuse(SsoCodes.SSO_WRONG_SCHOOL, 'the account belongs to another school than the chosen one');
    return school;
  }

  /**
   * The account for the identity: the one linked to its `sub`; else the one with its e-mail, linked
   * only when the provider says the e-mail is verified; else a new account (also only with a
   * verified e-mail, so nobody can claim an address they do not own).
   */
  private async resolveUser(provider: SsoProvider, id: Identity, school: SsoSchool | null): Promise<User> {
    const gone = () => refuse(SsoCodes.SSO_FAILED, 'account gone');
    const linked = await this.store.findByIdentity(provider, id.sub);
    if (linked?.status === 'active') return this.accounts.viewOrNotFound(linked.user_id, gone);
    if (!id.email || !id.emailVerified) throw refuse(SsoCodes.SSO_EMAIL_NOT_VERIFIED, 'e-mail missing or not verified');
    const email = normalizeEmail(id.email);
    const existing = await this.store.findByEmail(email);
    if (existing?.status === 'active') {
      if (!(await this.store.linkIdentity(provider, existing.user_id, id.sub)))
        throw refuse(SsoCodes.SSO_ACCOUNT_LINKED_ELSEWHERE, `account linked to another ${provider} identity`);
      this.log.info({ userId: existing.user_id, provider }, 'SSO identity linked by verified e-mail');
      return this.accounts.viewOrNotFound(existing.user_id, gone);
    }
    const split = splitFullName(id.name);
    const first = cleanName(id.givenName) || split.first_name || email.split('@')[0];
    const last = cleanName(id.familyName) || split.last_name;
    // New account, or completion of a half-made one (the provider-proven owner takes it over, without its password).
    const user = await this.accounts.create({
      email,
      password: null,
      googleSub: provider === 'google' ? id.sub : null,
      role: school?.new_member_role ?? 'student',
      origin: provider,
      profile: { first_name: first, last_name: last },
    });
    if (provider !== 'google' && !(await this.store.linkIdentity(provider, user.id, id.sub)))
      throw refuse(SsoCodes.SSO_ACCOUNT_LINKED_ELSEWHERE, `${provider} identity linked to another account meanwhile`);
    return user;
  }

  /** The school's SSO vouched for the account: schools makes it (or keeps it) a member. */
  private async admit(school: SsoSchool, user: User): Promise<void> {
    try {
      await this.schools.admit({
        school_id: school.id,
        user_id: user.id,
        email: user.email,
        name: user.name || user.email,
        platform_role: user.role,
      });
    } catch (err) {
      if (err instanceof HttpError && err.code === SchoolCodes.IN_ANOTHER_SCHOOL)
        throw refuse(SsoCodes.SSO_IN_ANOTHER_SCHOOL, 'member of another school');
      throw err;
    }
  }
}
