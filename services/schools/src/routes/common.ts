import type { onRequestAsyncHookHandler } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requireAuth, requireRole } from '@corestone/service-kit';
import type { ClassesUseCases } from '../app/classes';
import type { MembersUseCases } from '../app/members';
import type { SchoolsUseCases } from '../app/schools';

export interface SchoolRouteDeps {
  schools: SchoolsUseCases;
  members: MembersUseCases;
  classes: ClassesUseCases;
}

/** Checked before the body is read: a caller without the right gets 401/403, never a validation answer. */
export const signedIn = requireAuth as unknown as onRequestAsyncHookHandler;
export const superAdmins = requireRole('super_admin') as unknown as onRequestAsyncHookHandler;

export const SchoolParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const SchoolMemberParams = Type.Object({ id: Type.String({ maxLength: 100 }), user_id: Type.String({ maxLength: 100 }) });
export const ClassParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const ClassMemberParams = Type.Object({ id: Type.String({ maxLength: 100 }), user_id: Type.String({ maxLength: 100 }) });
