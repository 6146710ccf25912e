/**
 * Users service responses (spec user-app §7 "Users", admin §7 "Users").
 */
import { Type, type Static } from '@sinclair/typebox';
import { Role, User } from './api-user';
import { ListCursor } from './api-evaluation-record';

export const UserList = Type.Object({
  success: Type.Literal(true),
  users: Type.Array(User),
  total: Type.Integer(),
  /** Issue 34: the cursor of the next page (GET /users/users?cursor=…, newest first), null on the last; pages deep in the list by cursor, not offset. */
  next_cursor: Type.Optional(Type.Union([ListCursor, Type.Null()])),
});
export type UserList = Static<typeof UserList>;
export const AnonymousState = Type.Object({ is_anonymous: Type.Boolean() });
export type AnonymousState = Static<typeof AnonymousState>;
/** GET /users/can-send-message and POST /users/increment-message-count. */
export const MessageAllowance = Type.Object({
  can_send: Type.Boolean(),
  message_count: Type.Integer(),
  max_messages: Type.Integer({ description: '-1 means unlimited' }),
});
export type MessageAllowance = Static<typeof MessageAllowance>;
/** GET /users/permissions: derived from the caller's role only. */
export const UserPermissions = Type.Object({
  role: Role,
  is_admin: Type.Boolean({ description: 'admin or super_admin' }),
  is_super_admin: Type.Boolean(),
  can_grade: Type.Boolean({ description: 'submit essays (student, teacher)' }),
  can_purchase_plans: Type.Boolean({ description: 'student, teacher' }),
  can_access_admin: Type.Boolean({ description: 'admin, super_admin' }),
  can_manage_users: Type.Boolean({ description: 'students and teachers: admin, super_admin' }),
  can_manage_admins: Type.Boolean({ description: 'edit, deactivate, delete admins: super_admin' }),
  can_change_roles: Type.Boolean({ description: 'super_admin' }),
  can_create_admins: Type.Boolean({ description: 'super_admin' }),
  can_manage_rubrics: Type.Boolean({ description: 'super_admin' }),
  can_view_all_submissions: Type.Boolean({ description: 'super_admin' }),
  can_review_submissions: Type.Boolean({ description: 'admin, super_admin' }),
  can_manage_content: Type.Boolean({ description: 'policies and links: admin, super_admin' }),
  can_set_api_key: Type.Boolean({ description: 'admin, super_admin' }),
});
export type UserPermissions = Static<typeof UserPermissions>;
