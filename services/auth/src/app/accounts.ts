import {
  ADMIN_ROLES,
  Codes,
  Messages,
  SSO_MESSAGES,
  SsoCodes,
  type AuthResponse,
  type Locale,
  type Role,
  type User,
} from '@corestone/contracts';
import { HttpError, badRequest, conflict, forbidden, unauthorized, unavailable, type Principal } from '@corestone/service-kit';
import { checkNewPassword, normalizeEmail } from '../domain/validation';
import { hashPassword, verifyPassword } from '../domain/passwords';
import type { AuthStore, Credential, Invitation, Origin, PendingProfile } from '../store/auth-store';
import type { UsersClient } from '../peers/users-rpc';
import { deactivated, type Sessions } from './sessions';

export interface NewAccount {
  email: string;
  /** Plain password (hashed here); null for a Google-only account. */
  password: string | null;
  googleSub?: string | null;
  role: Role;
  origin: Origin;
  profile: PendingProfile;
  /** An account a school invites: its invitation mail is queued with its activation (auth.invitation_requested.v1). */
  invitedBySchool?: string;
  /** That school's default language (issue 36): the invitation mail's. */
  invitedBySchoolLocale?: Locale;
}

export const emailExists = () => conflict(Messages.EMAIL_EXISTS, Codes.EMAIL_EXISTS);

/** Accounts span auth (credential) and users (account record): pending → users.create → active. */
export class Accounts {
  constructor(
    private readonly store: AuthStore,
    private readonly users: UsersClient,
    private readonly sessions: Sessions,
  ) {}

  /**
   * Creates an account, or completes a half-made one for the same e-mail. If users cannot be
   * reached the pending credential stays, and the caller's retry completes it (same user id).
   */
  async create(input: NewAccount): Promise<User> {
    const made = await this.createOrFind(input);
    if (!made.created) throw emailExists();
    return made.user;
  }

  /**
   * `create`, but an account that exists (or that a concurrent request completed first) answers
   * its user id instead of 409: exactly one of any number of concurrent requests for an e-mail
   * answers `created: true`. The existing account is not touched.
   */
  async createOrFind(input: NewAccount): Promise<{ created: true; user: User } | { created: false; userId: string }> {
    const passwordHash = input.password === null ? null : await hashPassword(input.password);
    const claim = await this.store.claimPending({
      email: input.email,
      passwordHash,
      googleSub: input.googleSub ?? null,
      role: input.role,
      origin: input.origin,
      profile: input.profile,
    });
    if (claim.kind === 'exists') return this.existing(input.email, claim.credential);
    const { credential, claimId } = claim;
    const user = await this.users.create({
      user_id: credential.user_id,
      email: credential.email,
      first_name: input.profile.first_name,
      last_name: input.profile.last_name,
      role: input.role,
      ...(input.profile.essay_credits !== undefined ? { essay_credits: input.profile.essay_credits } : {}),
      ...(input.profile.max_essay_credits !== undefined ? { max_essay_credits: input.profile.max_essay_credits } : {}),
    });
    // Another request claimed the pending credential meanwhile and completed it (same user id).
    const invitation =
      input.invitedBySchool === undefined ? undefined : { schoolName: input.invitedBySchool, schoolLocale: input.invitedBySchoolLocale };
    if (!(await this.store.activate(credential.user_id, claimId, user.role, user.is_active, invitation))) {
      return { created: false, userId: credential.user_id };
    }
    return { created: true, user };
  }

  /**
   * `createOrFind` for a school's batch of new people, with one statement for their pending
   * credentials, one users.create_many for their records and one transaction activating them with
   * their invitations. Answers per e-mail (normalized, each once): the account made, `taken` when
   * the e-mail already had a credential (the caller asks `createOrFind` for it, whose rules cover
   * pending and existing credentials), the id of an account whose claim a concurrent request took
   * over (it made the account), or the error users gave (for the item, or for the whole request).
   */
  async createSchoolAccounts(
    people: ReadonlyArray<{ email: string; role: Role; profile: PendingProfile }>,
    school: Invitation,
  ): Promise<Map<string, { created: true; userId: string } | { created: false; userId: string } | { taken: true } | { error: unknown }>> {
    const claims = await this.store.claimNewSchoolAccounts(people);
    const answers = new Map<
      string,
      { created: true; userId: string } | { created: false; userId: string } | { taken: true } | { error: unknown }
    >();
    const claimed = people.filter((p) => {
      if (!claims.has(p.email)) answers.set(p.email, { taken: true });
      return claims.has(p.email);
    });
    if (!claimed.length) return answers;
    let results: Awaited<ReturnType<UsersClient['createMany']>>;
    try {
      results = await this.users.createMany(
        claimed.map((p) => ({ user_id: claims.get(p.email)!.userId, email: p.email, ...p.profile, role: p.role })),
      );
    } catch (err) {
      for (const p of claimed) answers.set(p.email, { error: err }); // the pending credentials stay: a retry completes them
      return answers;
    }
    const made: Array<{ email: string; userId: string; claimId: string; role: Role; isActive: boolean }> = [];
    claimed.forEach((p, i) => {
      const r = results[i];
      if (!r) answers.set(p.email, { error: unavailable('users did not answer for this person') });
      else if (!r.ok) answers.set(p.email, { error: new HttpError(r.status, r.code, r.detail) });
      else made.push({ email: p.email, userId: r.user_id, claimId: claims.get(p.email)!.claimId, role: r.role, isActive: r.is_active });
    });
    const activated = await this.store.activateSchoolAccounts(
      made.map((m) => ({ userId: m.userId, claimId: m.claimId, role: m.role, isActive: m.isActive })),
      school,
    );
    for (const m of made)
      answers.set(m.email, activated.has(m.userId) ? { created: true, userId: m.userId } : { created: false, userId: m.userId });
    return answers;
  }

  /** The user id of the credential (pending or complete) for a normalized e-mail; null when none. */
  async findUserIdByEmail(email: string): Promise<string | null> {
    return (await this.store.findByEmail(email))?.user_id ?? null;
  }

  private async existing(email: string, credential: Credential | null): Promise<{ created: false; userId: string }> {
    const found = credential ?? (await this.store.findByEmail(email));
    if (!found) throw emailExists(); // a Google identity taken meanwhile, never a missing e-mail
    return { created: false, userId: found.user_id };
  }

  async signup(input: Omit<NewAccount, 'origin' | 'googleSub'>): Promise<AuthResponse> {
    const user = await this.create({ ...input, origin: 'signup' });
    return this.sessions.issue(user);
  }

  async login(rawEmail: string, password: string): Promise<AuthResponse> {
    const email = normalizeEmail(rawEmail);
    const credential = await this.store.findByEmail(email);
    const notFound = () => unauthorized(Messages.ACCOUNT_NOT_FOUND, Codes.ACCOUNT_NOT_FOUND);
    if (!credential || credential.status !== 'active') throw notFound();
    if (!(await verifyPassword(credential.password_hash, password))) {
      throw unauthorized(Messages.INCORRECT_PASSWORD, Codes.INCORRECT_PASSWORD);
    }
    const user = await this.viewOrNotFound(credential.user_id, notFound);
    if (!user.is_active) throw deactivated();
    // Issue 32: a member of a school that requires SSO signs in through it (checked after the
    // password, so the refusal tells nothing to someone who does not know it).
    if (await this.ssoRequiredFor(user)) throw forbidden(SSO_MESSAGES.SSO_REQUIRED, SsoCodes.SSO_REQUIRED);
    return this.sessions.issue(user, 'password');
  }

  /** A current (not deactivated) member of a school requiring SSO; platform staff never are refused. */
  private async ssoRequiredFor(user: User): Promise<boolean> {
    if (!user.school || user.school.status === 'deactivated' || ADMIN_ROLES.includes(user.role)) return false;
    return this.store.schoolRequiresSso(user.school.id);
  }

  /** The users view; a 404 there means the account is gone. */
  async viewOrNotFound(userId: string, notFound: () => Error): Promise<User> {
    try {
      return await this.users.getView(userId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound();
      throw err;
    }
  }

  /** PUT /users/update-password: proves the current password, sets the new one, ends the other sessions. */
  async changePassword(principal: Principal, current: string, next: string): Promise<void> {
    const credential = await this.store.findById(principal.id);
    if (!credential || credential.status !== 'active') throw unauthorized();
    if (!(await verifyPassword(credential.password_hash, current))) {
      throw badRequest(Messages.CURRENT_PASSWORD_WRONG, Codes.INCORRECT_PASSWORD);
    }
    checkNewPassword(next);
    await this.store.setPassword(principal.id, await hashPassword(next));
    await this.store.revokeUser(principal.id, 'password changed', principal.sessionId);
  }
}
