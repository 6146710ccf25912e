import type { EventData, Events } from '@corestone/contracts';
import { domainSignUp, emailDomain } from '../domain/schools';
import type { SchoolStore } from '../store/schools';

/**
 * What the schools service does when users' accounts come and go (messaging/users.ts hands the
 * events here; each that changes something is applied once, marked processed in the same transaction):
 *  - a new student or teacher account whose e-mail is in a school's verified domain lands in that
 *    school as configured (`settings.domain_sign_up`: pending approval by default, active, or off);
 *  - a deleted account's membership and class places go with it (membership_changed, school null).
 */
export class AccountEvents {
  constructor(
    private readonly store: SchoolStore,
    private readonly consumer: string,
  ) {}

  async created(eventId: string, data: EventData<typeof Events.usersCreated>): Promise<void> {
    if (data.role !== 'student' && data.role !== 'teacher') return;
    const domain = emailDomain(data.email);
    const school = domain ? await this.store.schoolOfDomain(domain) : null;
    const landing = school ? domainSignUp(school.settings) : 'off';
    // Nothing to do (no school takes the domain — every account a roster import makes, say):
    // nothing to mark either, a redelivery finds the same nothing.
    if (!school || landing === 'off') return;
    await this.store.transaction(async (tx) => {
      if (!(await tx.markProcessed(this.consumer, eventId))) return;
      // Invited meanwhile (or before this event came): the invitation stands.
      if (await tx.membershipOf(data.user_id, { lock: true })) return;
      const name = [data.first_name, data.last_name].filter((x) => x.trim()).join(' ') || data.email;
      const inserted = await tx.insertMembership({
        user_id: data.user_id,
        school_id: school.id,
        email: data.email.trim().toLowerCase(),
        name,
        school_role: data.role === 'teacher' ? 'teacher' : 'student',
        status: landing === 'active' ? 'active' : 'pending',
        awaiting: landing === 'active' ? null : 'school',
        joined_by: 'email_domain',
      });
      if (inserted) await tx.announceMembership(data.user_id);
    });
  }

  async deleted(eventId: string, userId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      if (!(await tx.markProcessed(this.consumer, eventId))) return;
      if (!(await tx.membershipOf(userId, { lock: true }))) return;
      await tx.deleteMembership(userId);
      await tx.announceMembership(userId);
    });
  }
}
