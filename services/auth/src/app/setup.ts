import { Codes, Messages, type User } from '@corestone/contracts';
import { HttpError, badRequest, conflict } from '@corestone/service-kit';
import { checkNewPassword, normalizeEmail, splitFullName } from '../domain/validation';
import { safeEqual } from '../domain/tokens';
import type { AuthStore } from '../store/auth-store';
import type { Accounts } from './accounts';

export interface SetupInput {
  name?: string;
  email?: string;
  password?: string;
  setup_token?: string;
}

const closed = () => conflict(Messages.SETUP_CLOSED, Codes.SETUP_CLOSED);

/** First-admin setup: creates one super_admin, once; a persisted flag closes it for good. */
export class Setup {
  constructor(
    private readonly store: AuthStore,
    private readonly accounts: Accounts,
    private readonly setupToken: string | undefined,
  ) {}

  /** Whether creating the first admin needs SETUP_TOKEN (told to /setup; the token itself never leaves the server). */
  get tokenRequired(): boolean {
    return Boolean(this.setupToken);
  }

  adminExists(): Promise<boolean> {
    return this.store.adminExists();
  }

  async createAdmin(input: SetupInput, headerToken: string | undefined): Promise<User> {
    if (await this.store.adminExists()) throw closed();
    if (this.setupToken) {
      // Surrounding spaces and line breaks are ignored on both sides (a pasted token, a Secret made from a file).
      const given = (input.setup_token || headerToken || '').trim();
      if (!given) throw new HttpError(403, Codes.SETUP_TOKEN_REQUIRED, Messages.SETUP_TOKEN_REQUIRED);
      if (!safeEqual(given, this.setupToken.trim())) throw new HttpError(403, Codes.SETUP_TOKEN_INVALID, Messages.SETUP_TOKEN_INVALID);
    }
    const { first_name, last_name } = splitFullName(input.name);
    if (!first_name) throw badRequest('Name is required');
    const email = normalizeEmail(input.email);
    const password = checkNewPassword(input.password);
    return this.store.withSetupLock(async () => {
      if (await this.store.adminExists()) {
        await this.store.markSetupDone(null); // an admin exists: close setup for good
        throw closed();
      }
      const user = await this.accounts.create({
        email,
        password,
        role: 'super_admin',
        origin: 'setup',
        profile: { first_name, last_name },
      });
      await this.store.markSetupDone(user.id);
      return user;
    });
  }
}
