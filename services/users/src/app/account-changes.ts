import { Messages, type EmailNotifications, type Locale, type Role } from '@corestone/contracts';
import { forbidden } from '@corestone/service-kit';
import { checkAdminChange, checkSelfRoleChange, type Actor, type AdminChange } from '../domain/rules';
import type { Account } from '../domain/view';
import { userNotFound, type AccountStore, type AccountWithCredits } from '../store/accounts';

export interface ProfileUpdate {
  first_name?: string;
  last_name?: string;
  display_name?: string | null;
  user_type?: Role;
  /** Mail switches to change (issue 31); the others stay. */
  email_notifications?: Partial<EmailNotifications>;
  /** The user's own language (issue 36); null: none (follow the school, then the browser). */
  locale?: Locale | null;
}

export interface AdminUpdate extends AdminChange {
  first_name?: string;
  last_name?: string;
  assigned_personas?: string[];
}

/** PUT /users/me. A student/teacher switch announces the access change (auth renews sessions). */
export function updateOwnProfile(store: AccountStore, id: string, patch: ProfileUpdate): Promise<AccountWithCredits> {
  return store.transaction(async (tx) => {
    const current = await tx.lock(id);
    if (!current) throw userNotFound();
    checkSelfRoleChange(current.role, patch.user_type);
    await tx.write(current, {
      role: patch.user_type ?? current.role,
      is_active: current.is_active,
      first_name: patch.first_name ?? current.first_name,
      last_name: patch.last_name ?? current.last_name,
      display_name: patch.display_name === undefined ? current.display_name : patch.display_name,
      assigned_personas: current.assigned_personas,
    });
    if (patch.email_notifications) await tx.mergeEmailNotifications(id, patch.email_notifications);
    if (patch.locale !== undefined) await tx.setLocale(id, patch.locale);
    return tx.mustGet(id);
  });
}

/**
 * Every admin change to another account (edit, role, status, personas, delete) goes through
 * here: under one transaction-scoped advisory lock, so two changes can never both remove
 * "the other" super admin, then the target row lock, the rules, the write and its events.
 * The actor is read again inside the lock (a just-demoted admin can no longer act).
 */
export function changeAccountAsAdmin(
  store: AccountStore,
  actorId: string,
  targetId: string,
  change: AdminUpdate,
): Promise<{ before: Account; after: AccountWithCredits | null }> {
  return store.transaction(async (tx) => {
    await tx.lockSuperAdmins();
    const actorRow = await tx.get(actorId);
    if (!actorRow || !actorRow.account.is_active) throw forbidden(Messages.ADMIN_REQUIRED);
    const actor: Actor = { id: actorRow.account.id, role: actorRow.account.role };
    const target = await tx.lock(targetId);
    if (!target) throw userNotFound();
    // the count matters only when the change could remove an active super admin
    const others = target.role === 'super_admin' ? await tx.countOtherActiveSuperAdmins(target.id) : 0;
    checkAdminChange(actor, target, change, others);

    if (change.delete) {
      await tx.delete(target.id);
      return { before: target, after: null };
    }
    await tx.write(target, {
      role: change.role ?? target.role,
      is_active: change.is_active ?? target.is_active,
      first_name: change.first_name ?? target.first_name,
      last_name: change.last_name ?? target.last_name,
      display_name: target.display_name,
      assigned_personas: change.assigned_personas ?? target.assigned_personas,
    });
    return { before: target, after: await tx.mustGet(target.id) };
  });
}
