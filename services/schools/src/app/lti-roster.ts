import type { FastifyBaseLogger } from 'fastify';
import type { Pool } from 'pg';
import { LtiCodes, type LtiRosterSync } from '@corestone/contracts';
import { withTransaction, type Principal } from '@corestone/service-kit';
import { ClassRules, fitsClassRole } from '../domain/access';
import { LtiRefusal, roleOf } from '../domain/lti';
import type { LtiPlatformPeer, NrpsMember } from '../peers/lti-platform';
import { LtiStore } from '../store/lti';
import { SchoolStore } from '../store/schools';
import type { LtiUseCases } from './lti';
import type { ToolKeys } from './lti-keys';
import { reachClass } from './tenancy';

export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * NRPS roster sync (issue 32): a class mapped to an LMS course takes the course's roster — active
 * teachers and learners enrolled (accounts made or linked as at a launch), members who came from
 * that LMS and are gone or inactive there unenrolled. Nothing is deleted: school memberships and
 * accounts stay, and members the class got otherwise are left alone. On every launch into such a
 * course (in the background) and on demand.
 */
export class LtiRoster {
  constructor(
    private readonly d: {
      pool: Pool;
      lti: LtiStore;
      schools: SchoolStore;
      platform: LtiPlatformPeer;
      keys: ToolKeys;
      people: LtiUseCases;
      logger: FastifyBaseLogger;
    },
  ) {}

  /** After a launch: synced in the background (a failure is logged; the launch is not held up). */
  background(classId: string): void {
    this.syncClass(classId).catch((err: unknown) => this.d.logger.warn({ err, classId }, 'LTI roster sync failed'));
  }

  /** On demand: the class's managers (its teachers, school admins). */
  async sync(principal: Principal, classId: string): Promise<LtiRosterSync> {
    await reachClass(this.d.schools, principal, classId, ClassRules.manage);
    if (!(await this.d.lti.rosterSources(classId)).length)
      throw new LtiRefusal(LtiCodes.NO_ROSTER, 'This class is not linked to an LMS course that shares its roster', 409);
    try {
      return await this.syncClass(classId);
    } catch (err) {
      if (err instanceof LtiRefusal) throw err;
      throw new LtiRefusal(LtiCodes.ROSTER_UNAVAILABLE, `The LMS roster could not be read: ${(err as Error).message}`, 409);
    }
  }

  async syncClass(classId: string): Promise<LtiRosterSync> {
    const result: LtiRosterSync = { enrolled: 0, unenrolled: 0, skipped: 0 };
    for (const source of await this.d.lti.rosterSources(classId)) {
      const platform = await this.d.lti.getPlatform(source.platform_id);
      if (!platform) continue;
      const assertion = await this.d.keys.clientAssertion(platform);
      const token = await this.d.platform.accessToken(platform.auth_token_url, assertion, [NRPS_SCOPE]);
      const members = await this.d.platform.memberships(source.memberships_url, token);
      const present = new Set<string>();
      const enrolments: Array<{ user_id: string; role: 'teacher' | 'student' }> = [];
      for (const m of members as NrpsMember[]) {
        const sub = text(m.user_id);
        const role = roleOf(m.roles);
        if (!sub || !role || (m.status !== undefined && m.status !== 'Active')) continue;
        present.add(sub);
        const name = text(m.name) ?? ([text(m.given_name), text(m.family_name)].filter(Boolean).join(' ') || null);
        try {
          const userId = await this.d.people.personOf(platform, { sub, email: text(m.email)?.toLowerCase() ?? null, name, role });
          enrolments.push({ user_id: userId, role });
        } catch (err) {
          result.skipped++;
          this.d.logger.info({ sub, reason: (err as Error).message }, 'LTI roster member skipped');
        }
      }
      await withTransaction(this.d.pool, async (client) => {
        const schools = new SchoolStore(client);
        const lti = new LtiStore(client);
        const before = new Set((await schools.listClassMembers(classId)).map((m) => m.user_id));
        const refusals = await schools.enrolMany(
          platform.school_id,
          enrolments.map((e) => ({ class_id: classId, ...e })),
          fitsClassRole,
        );
        enrolments.forEach((e, i) => {
          if (refusals[i]) result.skipped++;
          else if (!before.has(e.user_id)) result.enrolled++;
        });
        for (const [userId, sub] of await lti.linkedClassMembers(classId, platform.id)) {
          if (!present.has(sub) && (await schools.removeClassMember(classId, userId))) result.unenrolled++;
        }
      });
    }
    return result;
  }
}
