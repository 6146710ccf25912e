import type { User, UserSchool } from '@corestone/contracts';
import type { AccountStore, AccountWithCredits } from '../store/accounts';
import type { BillingLink } from '../peers/billing';
import type { SchoolUpdates, SchoolsHeard } from '../messaging/school-updates';
import { newer, toSchool, toUser } from '../domain/view';

/**
 * The one `User` view of a single account, read-your-writes for what other services announce:
 * billing's credits and the schools' memberships and names. Both feeds are synced and what they
 * heard is taken *before* the account and its mirrors are read (one query), so every change
 * answered before the request shows — either in what was taken or already in the mirror
 * (messaging/mirror-updates.ts says why). While a feed is not current: credits are asked of billing
 * live; the school is the mirror's (schools has no live question).
 */
export class UserViews {
  constructor(
    private readonly store: AccountStore,
    private readonly billing: BillingLink,
    private readonly schools?: SchoolUpdates,
  ) {}

  /** `read` reads (or writes and returns) the account with its mirrors; it runs after the feeds were taken. */
  async view(userId: string, read: () => Promise<AccountWithCredits>): Promise<User> {
    const [credits, schools] = await Promise.all([this.billing.heard(userId), this.schools?.forView(userId)]);
    const found = await read();
    const [c, school] = await Promise.all([
      this.billing.credits(userId, credits, found.credits),
      this.school(userId, schools, found.school),
    ]);
    return toUser(found.account, c, school);
  }

  private async school(
    userId: string,
    heard: SchoolsHeard | undefined,
    mirrored: AccountWithCredits['school'],
  ): Promise<UserSchool | null> {
    if (mirrored) {
      this.schools?.mirroredMembership(userId, mirrored.membership.version);
      if (mirrored.name && mirrored.membership.school_id) this.schools?.mirroredName(mirrored.membership.school_id, mirrored.name.version);
    }
    const membership = newer(mirrored?.membership ?? null, heard?.membership ?? null);
    const schoolId = membership?.school_id;
    if (!schoolId) return null;
    // The mirror's join named the mirrored membership's school; a membership heard ahead may be another's.
    const mirroredName = mirrored?.membership.school_id === schoolId ? mirrored.name : await this.store.schoolName(schoolId);
    const name = newer(mirroredName, heard?.names.get(schoolId) ?? null);
    return toSchool(membership, name);
  }
}
