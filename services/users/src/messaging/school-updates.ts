import type { FastifyBaseLogger } from 'fastify';
import { Events, type EventData, type Locale, type SchoolMembership } from '@corestone/contracts';
import type { Bus } from '@corestone/service-kit';
import type { MirroredMembership, SchoolName } from '../domain/view';
import { MirrorUpdates, type Heard } from './mirror-updates';

type SchoolChanged = EventData<typeof Events.schoolsSchoolChanged>;

/** What one schools event says: a user's membership, or a school's name. */
export type SchoolFact = { membership: SchoolMembership } | { name: string; default_locale: Locale | null };

/** The subjects of the SCHOOLS stream that users keeps (its mirror consumer applies the same). */
export const SCHOOL_SUBJECTS = [Events.schoolsMembershipChanged.subject, Events.schoolsSchoolChanged.subject] as const;

const userKey = (userId: string) => `user:${userId}`;
const schoolKey = (schoolId: string) => `school:${schoolId}`;

/** What a view takes before reading the mirror (`SchoolUpdates.forView`). */
export interface SchoolsHeard {
  membership: MirroredMembership | null;
  /** The school names heard and not yet mirrored, as they were at that moment. */
  names: ReadonlyMap<string, SchoolName>;
}

/**
 * The schools' memberships and names read-your-writes over users' mirror of them: the SCHOOLS
 * stream read by sequence (`MirrorUpdates`, on the kit's `StreamFeed`), each membership kept per
 * user and each name per school until the mirror holds that event (versions are stream sequences).
 * While not current, views show the mirror alone (no live question to schools).
 *
 * The names are kept apart, copied on every change (names change rarely), so a view can take all
 * of them before it reads the mirror — it learns which school to name only from that read.
 */
export class SchoolUpdates extends MirrorUpdates<SchoolFact> {
  private names: ReadonlyMap<string, SchoolName> = new Map();

  constructor(bus: Bus, durable: string, log: FastifyBaseLogger, maxAhead = 50_000, checkEveryMs = 100) {
    super(bus, log, {
      stream: 'schools',
      subjects: SCHOOL_SUBJECTS,
      durable,
      label: 'school updates',
      fallback: 'showing the mirrored schools alone',
      read: (event, seq) => {
        if (event.type === Events.schoolsSchoolChanged.subject) {
          const school = event.data as SchoolChanged;
          const value = { name: school.name, default_locale: school.default_locale ?? null };
          return { key: schoolKey(school.school_id), value, version: seq };
        }
        const membership = event.data as SchoolMembership;
        return { key: userKey(membership.user_id), value: { membership }, version: seq };
      },
      maxAhead,
      checkEveryMs,
    });
  }

  /** Before reading the mirror: undefined when not known (show the mirror alone). */
  async forView(userId: string): Promise<SchoolsHeard | undefined> {
    if (!(await this.sync())) return undefined;
    const heard = this.take(userKey(userId));
    const membership = heard && 'membership' in heard.value ? { ...withoutUser(heard.value.membership), version: heard.version } : null;
    return { membership, names: this.names };
  }

  /** The mirror holds this membership event of the user (or a later one). */
  mirroredMembership(userId: string, version: number): void {
    this.mirrored(userKey(userId), version);
  }

  /** The mirror holds this name event of the school (or a later one). */
  mirroredName(schoolId: string, version: number): void {
    const heard = this.names.get(schoolId);
    if (!heard || heard.version > version) return;
    const next = new Map(this.names);
    next.delete(schoolId);
    this.names = next;
  }

  protected override keep(key: string, heard: Heard<SchoolFact>): void {
    if (!('name' in heard.value)) return super.keep(key, heard);
    const schoolId = key.slice('school:'.length);
    const known = this.names.get(schoolId);
    if (known && known.version >= heard.version) return;
    this.names = new Map(this.names).set(schoolId, { ...heard.value, version: heard.version });
  }

  protected override get kept(): number {
    return super.kept + this.names.size;
  }

  protected override forgetAll(): void {
    super.forgetAll();
    this.names = new Map();
  }
}

const withoutUser = ({ school_id, school_role, status }: SchoolMembership) => ({ school_id, school_role, status });
