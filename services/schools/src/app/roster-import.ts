import {
  ROSTER_DETAILS_LIMIT,
  ROSTER_ERRORS_LIMIT,
  ROSTER_SYNC_MAX_ROWS,
  RosterCodes,
  type RosterCounts,
  type RosterImportList,
  type RosterImportResult,
  type RosterImportStatus,
  type UpdateSchoolMemberRequest,
} from '@corestone/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, isHttpError, isUuid, newId, notFound, type Principal } from '@corestone/service-kit';
import { SchoolRules, standingIn, type Actor } from '../domain/access';
import { sortErrors, type Roster, type RosterError } from '../domain/roster/model';
import { parseRoster } from '../domain/roster/parse';
import { planImport, type CurrentMember, type RosterPlan } from '../domain/roster/plan';
import type { Pool } from 'pg';
import { RosterStore, type MemberState } from '../store/roster';
import type { SchoolStore } from '../store/schools';
import type { ClassesUseCases } from './classes';
import type { MembersUseCases } from './members';
import type { RosterUpload } from './roster-files';
import { actorOf, enforce, schoolNotFound } from './tenancy';

/** Changes of existing members (and enrolments taken out) made at once while applying. */
const CONCURRENCY = 8;
/** Rows of one batch (one request to auth, one transaction) and between two progress notes in the history row. */
const BATCH = 200;
/**
 * New-member batches in flight at once: while auth makes one batch's accounts (mostly waiting on
 * users), the next is on its way; their people differ, so their transactions never wait on each other.
 */
const BATCHES_IN_FLIGHT = 2;
/** History rows shown. */
const HISTORY = 50;

export interface RosterImportContext {
  principal: Principal;
  actor: Actor;
  schoolId: string;
  schoolName: string;
  schoolCode: string | null;
}

export interface RosterImportOptions {
  dryRun: boolean;
  /** the school's sourcedId in orgs.csv, for a district's files */
  org?: string;
  /** an apply answers at once and goes on in the background (as one of more than ROSTER_SYNC_MAX_ROWS rows always does) */
  async?: boolean;
}

/** An import's answer: the result (200), or an apply going on in the background (202). */
export type RosterImportAnswer = { status: 200; body: RosterImportResult } | { status: 202; body: RosterImportStatus };

const importNotFound = () => notFound('No such roster import of this school', RosterCodes.IMPORT_NOT_FOUND);

/**
 * Roster imports (issue 30, bulk onboarding). A dry run parses the upload (domain/roster), reads the
 * school as it is and answers the plan; an apply carries the plan out through the same use cases
 * the members and classes routes use — members.addMany (auth makes or finds a batch's accounts in one
 * request and queues new ones' set-password mails; the memberships, `joined_by: roster`, in one
 * transaction), members.update (role, approval, deactivation), classes.create / update /
 * addMembers (a batch's enrolments in one statement) / removeMember — so every rule of those routes
 * holds for imported rows too.
 * What a row's use case refuses becomes that row's error; the rest goes on. Each import leaves a
 * history row (who, when, counts, progress); one apply per school runs at a time. An apply asked
 * for `async`, or of more than ROSTER_SYNC_MAX_ROWS rows, answers once the files are read and
 * planned (the upload is no longer needed) and goes on in the background, noting its progress,
 * counts and errors in the history row after each batch and its result at the end.
 */
export class RosterImportUseCases {
  /** Applies going on in the background in this process (`drain()` waits for them at shutdown). */
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly store: SchoolStore,
    private readonly roster: RosterStore,
    private readonly members: MembersUseCases,
    private readonly classes: ClassesUseCases,
  ) {}

  /** The school's admins and platform admins may import; anyone outside the school is told nothing (404). */
  async authorize(principal: Principal, schoolId: string): Promise<RosterImportContext> {
    if (!isUuid(schoolId)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.manage(standingIn(actor, schoolId)), schoolNotFound);
    const school = await this.store.getSchool(schoolId);
    if (!school) throw schoolNotFound();
    return { principal, actor, schoolId, schoolName: school.name, schoolCode: school.ib_school_code };
  }

  async history(principal: Principal, schoolId: string): Promise<RosterImportList> {
    await this.authorize(principal, schoolId);
    return { imports: await this.roster.listImports(schoolId, HISTORY) };
  }

  /** One import of the school: its progress while it runs, then its result. */
  async status(principal: Principal, schoolId: string, importId: string): Promise<RosterImportStatus> {
    await this.authorize(principal, schoolId);
    if (!isUuid(importId)) throw importNotFound();
    const found = await this.roster.getImport(schoolId, importId);
    if (!found) throw importNotFound();
    return found;
  }

  /** Waits for the applies going on in the background (the service is stopping). */
  async drain(): Promise<void> {
    while (this.background.size) await Promise.allSettled([...this.background]);
  }

  async run(
    ctx: RosterImportContext,
    upload: RosterUpload,
    opts: RosterImportOptions,
    log?: FastifyBaseLogger,
  ): Promise<RosterImportAnswer> {
    const source = await upload.source();
    const id = newId();
    const started = await this.roster.startImport({
      id,
      schoolId: ctx.schoolId,
      actorId: ctx.actor.id,
      dryRun: opts.dryRun,
      files: [...source.names],
    });
    if (!started) {
      throw conflict('Another roster import of this school is being applied; try again when it has finished', RosterCodes.IMPORT_RUNNING);
    }
    let roster: Roster | null = null;
    try {
      roster = await parseRoster(source, { orgSourcedId: opts.org, schoolName: ctx.schoolName, schoolCode: ctx.schoolCode });
      const state = await this.roster.schoolState(ctx.schoolId);
      const planned = state.members.map(toCurrent);
      const plan = planImport(
        roster,
        { members: planned, classes: state.classes.map(toCurrentClass), enrolments: state.enrolments.map(toCurrentEnrolment) },
        {
          keepUserIds: new Set([ctx.actor.id]),
        },
      );
      const errors: RosterError[] = [...roster.errors, ...plan.errors];
      const parsed = roster;
      const finish = async (counts: RosterCounts, applied: boolean): Promise<RosterImportResult> => {
        sortErrors(errors);
        const result: RosterImportResult = {
          id,
          dry_run: opts.dryRun,
          applied,
          format: parsed.format,
          files: [...source.names],
          rows: parsed.rows,
          ...counts,
          errors: errors.slice(0, ROSTER_ERRORS_LIMIT),
          error_count: errors.length,
          skipped: parsed.skipped.slice(0, ROSTER_ERRORS_LIMIT),
          details: detailsOf(plan),
        };
        await this.roster.finishImport(id, {
          status: 'done',
          format: parsed.format,
          rows: parsed.rows,
          counts,
          errorCount: errors.length,
          errors: result.errors,
          result,
        });
        return result;
      };
      if (opts.dryRun) return { status: 200, body: await finish(plan.counts, false) };
      if (roster.incomplete) {
        errors.push({ file: '(upload)', line: 0, message: 'Nothing was applied: a file could not be read whole (see the errors above)' });
        return { status: 200, body: await finish(plan.counts, false) };
      }
      const members = new Map(state.members.map((m, i) => [m.user_id, { state: m, planned: planned[i]! }]));
      const apply = async () => {
        const outcome = await this.apply(ctx, id, parsed, plan, members, errors);
        return finish(outcome, true);
      };
      if (!opts.async && roster.rows <= ROSTER_SYNC_MAX_ROWS) return { status: 200, body: await apply() };
      // In the background: the files are read and planned, so the upload may go; the history row
      // shows the progress, then the result.
      await this.roster.progress(id, { done: 0, total: 0, format: roster.format, rows: roster.rows, counts: plan.counts });
      const running = apply().then(
        () => undefined,
        async (err: unknown) => {
          log?.error({ err, importId: id, schoolId: ctx.schoolId }, 'roster import failed in the background');
          await this.failed(id, parsed, errors);
        },
      );
      this.background.add(running);
      void running.finally(() => this.background.delete(running));
      return { status: 202, body: (await this.roster.getImport(ctx.schoolId, id))! };
    } catch (err) {
      await this.failed(id, roster, []);
      throw err;
    }
  }

  private async failed(id: string, roster: Roster | null, errors: RosterError[]): Promise<void> {
    sortErrors(errors);
    await this.roster
      .finishImport(id, {
        status: 'failed',
        format: roster?.format ?? null,
        rows: roster?.rows ?? 0,
        counts: null,
        errorCount: errors.length,
        errors: errors.slice(0, ROSTER_ERRORS_LIMIT),
      })
      .catch(() => undefined);
  }

  /** Carries the plan out, row by row through the members' and classes' use cases, in batches. */
  private async apply(
    ctx: RosterImportContext,
    importId: string,
    roster: Roster,
    plan: RosterPlan,
    members: Map<string, { state: MemberState; planned: CurrentMember }>,
    errors: RosterError[],
  ): Promise<RosterCounts> {
    const { principal, schoolId } = ctx;
    const counts: RosterCounts = {
      ...plan.counts,
      created: 0,
      updated: 0,
      deactivated: 0,
      classes_created: 0,
      classes_updated: 0,
      enrolments_added: 0,
      enrolments_removed: 0,
    };
    const total =
      plan.classes.create.length +
      plan.classes.update.length +
      plan.members.create.length +
      plan.members.update.length +
      plan.members.deactivate.length +
      plan.enrolments.remove.length +
      plan.enrolments.add.length;
    let done = 0;
    // After each batch: how far, the counts and the errors so far (the parse's and plan's first).
    const progress = async (n: number) => {
      done += n;
      await this.roster.progress(importId, {
        done,
        total,
        counts,
        errors: errors.slice(0, ROSTER_ERRORS_LIMIT),
        errorCount: errors.length,
      });
    };
    const userRow = (sourcedId: string) => roster.users.get(sourcedId) ?? { file: '(upload)', line: 0 };
    const classRow = (sourcedId: string) => roster.classes.get(sourcedId) ?? { file: '(upload)', line: 0 };
    /** A refusal of a row's use case is that row's error; anything else stops the import. */
    const refused = (where: { file: string; line: number }, what: string) => (err: unknown) => {
      if (!isHttpError(err) || err.statusCode >= 500) throw err;
      errors.push({ file: where.file, line: where.line, message: `${what}: ${err.detail}` });
    };
    await progress(0);

    // Classes first: enrolments need them.
    const classIds = new Map<string, string>();
    const classLinks: Array<{ sourcedId: string; entityId: string }> = [];
    for (const c of plan.classes.create) {
      await this.classes
        .create(principal, schoolId, { name: c.name, subject: c.subject ?? undefined, session: c.session ?? undefined })
        .then((made) => {
          classIds.set(c.sourcedId, made.id);
          classLinks.push({ sourcedId: c.sourcedId, entityId: made.id });
          counts.classes_created++;
        })
        .catch(refused(classRow(c.sourcedId), `class ${c.name} was not created`));
    }
    for (const c of plan.classes.update) {
      await this.classes
        .update(principal, c.classId, { name: c.name, subject: c.subject, session: c.session })
        .then(() => {
          classLinks.push({ sourcedId: c.sourcedId, entityId: c.classId });
          counts.classes_updated++;
        })
        .catch(refused(classRow(c.sourcedId), `class ${c.name} was not updated`));
    }
    await this.roster.link(schoolId, 'class', classLinks);
    await progress(plan.classes.create.length + plan.classes.update.length);

    // New members, a batch at a time: auth makes (or finds) the batch's accounts in one request and
    // queues new ones' set-password mails; one transaction writes their memberships and events.
    const userIds = new Map<string, string>();
    await eachLimited([...batches(plan.members.create)], BATCHES_IN_FLIGHT, async (batch) => {
      const links: Array<{ sourcedId: string; entityId: string }> = [];
      const answers = await this.members.addMany(
        principal,
        schoolId,
        batch.map((c) => ({ email: c.email, name: c.name, role: c.role })),
      );
      batch.forEach((c, i) => {
        const a = answers[i]!;
        if (!a.ok) return void errors.push({ file: c.file, line: c.line, message: `${c.email} was not added: ${a.error.detail}` });
        userIds.set(c.sourcedId, a.user_id);
        links.push({ sourcedId: c.sourcedId, entityId: a.user_id });
        counts.created++;
      });
      await this.roster.link(schoolId, 'member', links);
      await progress(batch.length);
    });

    // Changed members: role and approval through the members' use case, name and link here.
    for (const batch of batches(plan.members.update)) {
      const links: Array<{ sourcedId: string; entityId: string }> = [];
      await eachLimited(batch, CONCURRENCY, async (u) => {
        const { state, planned } = members.get(u.userId)!;
        const change: UpdateSchoolMemberRequest = {};
        if (u.role !== planned.role) change.role = u.role;
        if (planned.status !== 'active') change.status = 'active';
        try {
          if (change.role || change.status) await this.members.update(principal, schoolId, u.userId, change);
          if (u.name !== state.name) await this.roster.renameMember(schoolId, u.userId, u.name);
          if (u.sourcedId !== state.sourced_id) links.push({ sourcedId: u.sourcedId, entityId: u.userId });
          counts.updated++;
        } catch (err) {
          refused(u, `${u.email} was not updated`)(err);
        }
      });
      await this.roster.link(schoolId, 'member', links);
      await progress(batch.length);
    }

    for (const batch of batches(plan.members.deactivate)) {
      await eachLimited(batch, CONCURRENCY, async (d) => {
        await this.members
          .update(principal, schoolId, d.userId, { status: 'deactivated' })
          .then(() => void counts.deactivated++)
          .catch(refused({ file: '(school)', line: 0 }, `${d.email} was not deactivated`));
      });
      await progress(batch.length);
    }

    for (const batch of batches(plan.enrolments.remove)) {
      await eachLimited(batch, CONCURRENCY, async (r) => {
        await this.classes
          .removeMember(principal, r.classId, r.userId)
          .then(() => void counts.enrolments_removed++)
          .catch(refused({ file: '(school)', line: 0 }, `${r.email} was not taken out of ${r.className}`));
      });
      await progress(batch.length);
    }

    // Enrolments, a batch at a time in one read and one write (the rules of classes.addMember).
    for (const batch of batches(plan.enrolments.add)) {
      const wanted = batch.flatMap((a) => {
        const classId = a.classId ?? classIds.get(a.classSourcedId);
        const userId = a.userId ?? userIds.get(a.userSourcedId);
        // The class or member was not made: its error is reported.
        return classId && userId ? [{ a, enrolment: { class_id: classId, user_id: userId, role: a.role } }] : [];
      });
      const refusals = await this.classes.addMembers(
        principal,
        schoolId,
        wanted.map((w) => w.enrolment),
      );
      wanted.forEach(({ a }, i) => {
        const refusal = refusals[i];
        if (!refusal) return void counts.enrolments_added++;
        const where = userRow(a.userSourcedId);
        errors.push({ file: where.file, line: where.line, message: `${a.email} was not enrolled in ${a.className}: ${refusal.detail}` });
      });
      await progress(batch.length);
    }
    return counts;
  }
}

/** The roster imports of a service whose members and classes use cases are `members` and `classes`. */
export function rosterImportsFor(deps: { pool: Pool; store: SchoolStore; members: MembersUseCases; classes: ClassesUseCases }) {
  return new RosterImportUseCases(deps.store, new RosterStore(deps.pool), deps.members, deps.classes);
}

/**
 * The membership as the planner sees it. An invitation the person has not accepted yet counts as
 * active: the roster cannot accept it for them (approving a member waiting for the school it can).
 */
function toCurrent(m: MemberState): CurrentMember {
  return {
    userId: m.user_id,
    email: m.email,
    name: m.name,
    role: m.school_role,
    status: m.status === 'pending' && m.awaiting === 'member' ? 'active' : m.status,
    sourcedId: m.sourced_id,
  };
}

const toCurrentClass = (c: { id: string; name: string; subject: string | null; session: string | null; sourced_id: string | null }) => ({
  id: c.id,
  name: c.name,
  subject: c.subject,
  session: c.session,
  sourcedId: c.sourced_id,
});

const toCurrentEnrolment = (e: { class_id: string; user_id: string; role: 'teacher' | 'student' }) => ({
  classId: e.class_id,
  userId: e.user_id,
  role: e.role,
});

function detailsOf(plan: RosterPlan): RosterImportResult['details'] {
  const cut = <T, R>(list: T[], map: (t: T) => R): R[] => list.slice(0, ROSTER_DETAILS_LIMIT).map(map);
  const lists = [plan.members.create, plan.members.update, plan.members.deactivate, plan.moves, plan.classes.create, plan.classes.update];
  return {
    create: cut(plan.members.create, (c) => ({ email: c.email, name: c.name, role: c.role, file: c.file, line: c.line })),
    update: cut(plan.members.update, (u) => ({ email: u.email, name: u.name, changes: u.changes })),
    deactivate: cut(plan.members.deactivate, (d) => ({ email: d.email, name: d.name, role: d.role, reason: d.reason })),
    moves: cut(plan.moves, (m) => ({ email: m.email, name: m.name, from: m.from, to: m.to })),
    classes_create: cut(plan.classes.create, (c) => ({ name: c.name, subject: c.subject, session: c.session })),
    classes_update: cut(plan.classes.update, (c) => ({ name: c.name, changes: c.changes })),
    truncated: lists.some((l) => l.length > ROSTER_DETAILS_LIMIT),
  };
}

function* batches<T>(items: readonly T[]): Generator<readonly T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

/** Runs `fn` over `items`, `limit` at a time; the first unexpected failure stops the rest. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
