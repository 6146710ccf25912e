import {
  SchoolCodes,
  type CreateSchoolRequest,
  type MySchool,
  type School,
  type SchoolList,
  type UpdateSchoolRequest,
} from '@corestone/contracts';
import { badRequest, conflict, forbidden, isUuid, type Principal } from '@corestone/service-kit';
import { SchoolRules, classesVisibleTo, standingIn, type Actor } from '../domain/access';
import {
  checkEmailDomains,
  checkTimeZone,
  mergeSettings,
  normaliseCountry,
  normaliseTenantIds,
  trimmedText,
  type Checked,
} from '../domain/schools';
import { toClass, type SchoolStore } from '../store/schools';
import { actorOf, enforce, schoolNotFound } from './tenancy';

const orFail = <T>(checked: Checked<T>): T => {
  if (checked.ok) return checked.value;
  throw badRequest(checked.detail, checked.code === 'domain' ? SchoolCodes.INVALID_DOMAIN : SchoolCodes.INVALID_TIME_ZONE);
};

/** The name, trimmed; 400 when it is only spaces. */
export function nameOf(given: string): string {
  const name = trimmedText(given);
  if (name === null) throw badRequest('name must not be empty');
  return name;
}

const taken = (kind: 'domains' | 'tenants', values: string[]) =>
  conflict(
    `${kind === 'domains' ? 'E-mail domain' : 'Microsoft tenant'} ${values.join(', ')} already belongs to another school`,
    SchoolCodes.DOMAIN_TAKEN,
  );

/** Schools: creating (super admins), listing and reading (within the caller's tenancy), changing. */
export class SchoolsUseCases {
  constructor(
    private readonly store: SchoolStore,
    private readonly defaultTimeZone: string,
  ) {}

  async create(principal: Principal, body: CreateSchoolRequest): Promise<School> {
    // The route admits super admins only; the use case says so again.
    if (principal.role !== 'super_admin') throw forbidden('Only a super admin creates schools');
    const domains = orFail(checkEmailDomains(body.email_domains ?? []));
    const tenants = normaliseTenantIds(body.microsoft_tenant_ids ?? []);
    const timeZone = orFail(checkTimeZone(body.time_zone ?? this.defaultTimeZone));
    return this.store.transaction(async (tx) => {
      const id = await tx.createSchool({
        name: nameOf(body.name),
        country: body.country ? normaliseCountry(body.country) : null,
        ib_school_code: body.ib_school_code ?? null,
        time_zone: timeZone,
        settings: mergeSettings(null, body.settings),
        default_locale: body.default_locale ?? 'en',
      });
      const d = await tx.setDomains(id, 'domains', domains);
      if (d.length) throw taken('domains', d);
      const t = await tx.setDomains(id, 'tenants', tenants);
      if (t.length) throw taken('tenants', t);
      await tx.announceSchool(id);
      return (await tx.getSchool(id))!;
    });
  }

  /** Platform staff: every school; a member: their own school (while active); anyone else: none. */
  async list(principal: Principal, q: { search?: string; limit: number; offset: number }): Promise<SchoolList> {
    const actor = await actorOf(this.store, principal);
    const ids = visibleSchoolIds(actor);
    if (ids !== 'all' && ids.length === 0) return { schools: [], total: 0 };
    return this.store.listSchools({ ...q, ids: ids === 'all' ? undefined : ids });
  }

  async get(principal: Principal, id: string): Promise<School> {
    if (!isUuid(id)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    enforce(SchoolRules.see(standingIn(actor, id)), schoolNotFound);
    return (await this.store.getSchool(id)) ?? Promise.reject(schoolNotFound());
  }

  async update(principal: Principal, id: string, body: UpdateSchoolRequest): Promise<School> {
    if (!isUuid(id)) throw schoolNotFound();
    const actor = await actorOf(this.store, principal);
    const standing = standingIn(actor, id);
    enforce(SchoolRules.edit(standing), schoolNotFound);
    const identity = body.country !== undefined || body.ib_school_code !== undefined || body.email_domains || body.microsoft_tenant_ids;
    if (identity) {
      enforce(
        SchoolRules.editIdentity(standing),
        schoolNotFound,
        "Only a super admin changes a school's country, IB code, e-mail domains and Microsoft tenants",
        SchoolCodes.SUPER_ADMIN_FIELD,
      );
    }
    const domains = body.email_domains ? orFail(checkEmailDomains(body.email_domains)) : undefined;
    const timeZone = body.time_zone !== undefined ? orFail(checkTimeZone(body.time_zone)) : undefined;
    return this.store.transaction(async (tx) => {
      const current = await tx.getSchool(id, { lock: true });
      if (!current) throw schoolNotFound();
      const settings = body.settings ? mergeSettings(current.settings, body.settings) : undefined;
      await tx.updateSchool(id, {
        name: body.name === undefined ? undefined : nameOf(body.name),
        country: body.country === undefined ? undefined : body.country && normaliseCountry(body.country),
        ib_school_code: body.ib_school_code,
        time_zone: timeZone,
        settings,
        default_locale: body.default_locale,
      });
      if (domains) {
        const d = await tx.setDomains(id, 'domains', domains);
        if (d.length) throw taken('domains', d);
      }
      if (body.microsoft_tenant_ids) {
        const t = await tx.setDomains(id, 'tenants', normaliseTenantIds(body.microsoft_tenant_ids));
        if (t.length) throw taken('tenants', t);
      }
      const changed =
        (body.name !== undefined && nameOf(body.name) !== current.name) ||
        settings !== undefined ||
        (body.default_locale !== undefined && body.default_locale !== current.default_locale);
      if (changed) await tx.announceSchool(id);
      return (await tx.getSchool(id))!;
    });
  }

  /** GET /schools/mine: the caller's school (while a member, pending included), role and own classes. */
  async mine(principal: Principal): Promise<MySchool> {
    return mySchool(this.store, await actorOf(this.store, principal));
  }
}

/** The schools a caller may see: all (platform staff) or the one they are an active member of. */
export function visibleSchoolIds(actor: Actor): 'all' | string[] {
  if (actor.role === 'admin' || actor.role === 'super_admin') return 'all';
  const m = actor.membership;
  return m && m.status === 'active' ? [m.school_id] : [];
}

/**
 * The caller's school as the student app shows it: a pending member sees the school's name (what
 * they wait for) and no classes; a deactivated one sees their former school and no classes.
 */
export async function mySchool(store: SchoolStore, actor: Actor): Promise<MySchool> {
  const m = actor.membership;
  if (!m) return { school: null, school_role: null, status: null, awaiting: null, classes: [] };
  const school = await store.getSchool(m.school_id);
  const own = await store.membershipOf(actor.id);
  const standing = standingIn(actor, m.school_id);
  const classes =
    standing === 'none' || classesVisibleTo(standing) === 'none'
      ? []
      : (await store.listClasses(m.school_id, { memberId: actor.id, archived: false })).map((c) =>
          toClass(c, c.teachers.some((t) => t.user_id === actor.id) || standing === 'school_admin'),
        );
  return { school, school_role: m.school_role, status: m.status, awaiting: own?.awaiting ?? null, classes };
}
