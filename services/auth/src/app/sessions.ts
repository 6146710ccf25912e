import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS, Codes, Messages, type AuthResponse, type SignInMethod, type User } from '@corestone/contracts';
import { HttpError, forbidden, unauthorized, type PlatformKeys } from '@corestone/service-kit';
import { formatRefreshToken, parseRefreshToken } from '../domain/tokens';
import type { AuthStore } from '../store/auth-store';
import type { UsersClient } from '../peers/users-rpc';
import type { AccessTokenSigner } from './signer';

const invalidRefresh = () => unauthorized(Messages.INVALID_REFRESH_TOKEN, Codes.INVALID_REFRESH_TOKEN);
export const deactivated = () => forbidden(Messages.ACCOUNT_DEACTIVATED, Codes.ACCOUNT_DEACTIVATED);

/** Sessions: one refresh-token family per sign-in; access tokens name it in `sid`. */
export class Sessions {
  constructor(
    private readonly store: AuthStore,
    private readonly signer: AccessTokenSigner,
    private readonly keys: PlatformKeys,
    private readonly users: UsersClient,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts a session for a user the caller has already checked (active, password or Google/Microsoft proven). */
  async issue(user: User, method: SignInMethod = 'password'): Promise<AuthResponse> {
    const { familyId, tokenId } = await this.store.createSession(user.id, method);
    return this.respond(user, familyId, tokenId);
  }

  /**
   * Issue 32 (rpc.auth.issue_session): a session for an account schools authenticated through a
   * verified LTI launch. The account must exist and be active (as any sign-in); the last sign-in
   * method on record is left as it was.
   */
  async issueFor(userId: string): Promise<AuthResponse> {
    const user = await this.users.getView(userId);
    if (!user.is_active) throw deactivated();
    const { familyId, tokenId } = await this.store.createSession(user.id, null);
    return this.respond(user, familyId, tokenId);
  }

  private async respond(user: User, familyId: string, tokenId: string): Promise<AuthResponse> {
    return {
      access_token: await this.signer.sign(user.id, user.role, familyId),
      refresh_token: formatRefreshToken(this.keys.tokenKey, tokenId),
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      user,
    };
  }

  /** Rotates a refresh token (see AuthStore.rotate) and answers with a fresh access token and the live user. */
  async refresh(token: string): Promise<AuthResponse> {
    const tokenId = parseRefreshToken(this.keys.tokenKey, token);
    if (!tokenId) throw invalidRefresh();
    const owner = await this.store.peekRefresh(tokenId);
    if (!owner) throw await this.refusalOfDeadToken(tokenId);
    const credential = await this.store.findById(owner.userId);
    if (!credential || credential.status !== 'active') {
      await this.store.revokeFamily(owner.familyId, 'account gone');
      throw invalidRefresh();
    }
    let user: User;
    try {
      user = await this.users.getView(owner.userId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) {
        await this.store.revokeFamily(owner.familyId, 'account gone');
        throw invalidRefresh();
      }
      throw err;
    }
    if (!user.is_active) {
      await this.store.revokeUser(owner.userId, 'account deactivated');
      throw deactivated();
    }
    const result = await this.store.rotate(tokenId);
    if (result.kind === 'reused') {
      this.log.warn({ userId: result.userId, familyId: result.familyId }, 'refresh token reused after rotation: session revoked');
      throw invalidRefresh();
    }
    if (result.kind === 'invalid') throw invalidRefresh();
    return this.respond(user, result.familyId, result.tokenId);
  }

  /**
   * Why a genuine refresh token no longer works. Deactivation revokes every session (auth's users
   * consumer) before the client next refreshes, so the client would hear only 'invalid token' and
   * tell the person their session expired: it hears 403 ACCOUNT_DEACTIVATED instead.
   */
  private async refusalOfDeadToken(tokenId: string): Promise<HttpError> {
    const userId = await this.store.refreshTokenUser(tokenId);
    const credential = userId ? await this.store.findById(userId) : null;
    return credential?.status === 'active' && !credential.is_active ? deactivated() : invalidRefresh();
  }

  /** Is the access token's session still live? (auth's own bearer routes check it: logout is immediate here.) */
  isLive(familyId: string, userId: string): Promise<boolean> {
    return this.store.isSessionLive(familyId, userId);
  }

  /** The ids of the user's live sessions. */
  liveSessions(userId: string): Promise<Set<string>> {
    return this.store.liveSessions(userId);
  }

  async logout(familyId: string): Promise<void> {
    await this.store.revokeFamily(familyId, 'logout');
  }

  /** Also revokes the family of a refresh token the client sent along with logout, when it is the caller's. */
  async logoutRefreshToken(token: string, userId: string): Promise<void> {
    const tokenId = parseRefreshToken(this.keys.tokenKey, token);
    if (!tokenId) return;
    const owner = await this.store.peekRefresh(tokenId);
    if (owner && owner.userId === userId) await this.store.revokeFamily(owner.familyId, 'logout');
  }
}
