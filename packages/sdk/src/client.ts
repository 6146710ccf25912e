import type { Health } from '@corestone/contracts';
import { ApiError } from './errors';
import type { ClientEvent } from './session-events';
import { Transport, type TransportOptions } from './transport';
import { normalizeUser, type SessionUser } from './user';
import { AuthApi } from './services/auth';
import { UsersApi } from './services/users';
import { EvaluationsApi } from './services/evaluation';
import { RubricsApi } from './services/rubric';
import { BillingApi } from './services/billing';
import { ContentApi } from './services/content';
import { LinksApi } from './services/links';
import { AdminApi } from './services/admin';
import { SchoolsApi } from './services/schools';
import { AssignmentsApi } from './services/assignments';

export type ClientOptions = TransportOptions;

/**
 * The browser's client for /api/v1: one module per service over one transport (tokens,
 * single-flight refresh, errors). One instance per page; the shell hands it to every remote.
 */
export class CorestoneClient {
  readonly transport: Transport;
  readonly auth: AuthApi;
  readonly users: UsersApi;
  readonly evaluations: EvaluationsApi;
  readonly rubrics: RubricsApi;
  readonly billing: BillingApi;
  readonly content: ContentApi;
  readonly links: LinksApi;
  readonly admin: AdminApi;
  readonly schools: SchoolsApi;
  readonly assignments: AssignmentsApi;

  constructor(options: ClientOptions = {}) {
    const t = (this.transport = new Transport(options));
    this.auth = new AuthApi(t);
    this.users = new UsersApi(t);
    this.evaluations = new EvaluationsApi(t);
    this.rubrics = new RubricsApi(t);
    this.billing = new BillingApi(t);
    this.content = new ContentApi(t);
    this.links = new LinksApi(t);
    this.admin = new AdminApi(t);
    this.schools = new SchoolsApi(t);
    this.assignments = new AssignmentsApi(t);
  }

  get tokens() {
    return this.transport.tokens;
  }

  on(event: ClientEvent, fn: (payload?: unknown) => void): () => void {
    return this.transport.on(event, fn);
  }

  dispose(): void {
    this.transport.dispose();
  }

  hasValidAccessToken(): boolean {
    return this.transport.hasValidAccessToken();
  }

  storedUser(): SessionUser | null {
    return this.transport.storedUser();
  }

  storeAuth(...args: Parameters<Transport['storeAuth']>): void {
    this.transport.storeAuth(...args);
  }

  clearSession(): void {
    this.transport.clearSession();
  }

  /** GET /api/v1/health (readiness of every service); answers the body for 503 too. */
  async health(): Promise<Health> {
    const h = await this.transport.request<Health | undefined>('/health', { anonymous: true, acceptAnyStatus: true });
    if (!h || typeof h !== 'object' || !('status' in h)) throw new ApiError(0, 'Health check unavailable', 'HEALTH_UNAVAILABLE');
    return h;
  }

  /**
   * Session restore on load (spec §4): a non-expired access token → stored user (or /auth/me);
   * else a refresh token → refresh, then the stored user (or /auth/me); failure clears tokens.
   * The spec's last step (ask the server for a cookie session) does not apply: the platform sets
   * no auth cookies, so a visitor without tokens is signed out without a pointless 401.
   * Resolves null when signed out.
   */
  async restoreSession(): Promise<SessionUser | null> {
    const stored = this.storedUser();
    try {
      if (this.hasValidAccessToken()) {
        return stored ?? normalizeUser(await this.auth.me());
      }
      if (this.tokens.refreshToken) {
        await this.transport.refreshAccessToken(this.tokens.accessToken);
        return this.storedUser() ?? normalizeUser(await this.auth.me());
      }
      if (this.tokens.accessToken) this.tokens.clear();
      return null;
    } catch {
      return null;
    }
  }

  /** Fetches the user from the server and stores it; returns the normalised user. */
  async fetchUser(): Promise<SessionUser | null> {
    return normalizeUser(await this.auth.me());
  }
}

export function createClient(options?: ClientOptions): CorestoneClient {
  return new CorestoneClient(options);
}
