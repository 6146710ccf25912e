import { Type } from '@sinclair/typebox';
import { ListCursor, Messages, Role, SuccessMessage, User, UserList } from '@corestone/contracts';
import { encryptSecret, errorResponses, forbidden, maskSecret, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { canManage } from '../domain/rules';
import { cleanName, firstNameOf } from '../domain/names';
import { mirroredSchool, toUser } from '../domain/view';
import { userNotFound } from '../store/accounts';
import { changeAccountAsAdmin, type AdminUpdate } from '../app/account-changes';
import { adminSelf, type UsersContext } from './context';

const admins = requireRole('admin', 'super_admin');
const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Name = Type.String({ minLength: 1, maxLength: 100 });

const AdminUserBody = Type.Object({
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Type.String({ maxLength: 100 })),
  user_type: Type.Optional(Role),
  is_active: Type.Optional(Type.Boolean()),
});
const CreditsBody = Type.Object({
  essay_credits: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  max_essay_credits: Type.Integer({ minimum: -1, maximum: 1_000_000, description: '-1 means unlimited' }),
});
const PersonasBody = Type.Object({
  assigned_personas: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }),
});

export const adminRoutes: RoutePlugin<UsersContext> = async (app, ctx) => {
  /** One admin change to another account, answered with the updated User (live credits). */
  const change = (actorId: string, targetId: string, patch: AdminUpdate) =>
    ctx.views.view(targetId, async () => (await changeAccountAsAdmin(ctx.store, actorId, targetId, patch)).after!);

  app.get(
    '/users/users',
    {
      preHandler: admins,
      schema: {
        summary: 'All users (admin, super_admin); search on name and e-mail, case-insensitive',
        security,
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 200 })),
          role: Type.Optional(Role),
          limit: Type.Integer({ minimum: 1, maximum: 1000, default: 500 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
          cursor: Type.Optional(ListCursor),
        }),
        response: { 200: UserList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await adminSelf(ctx, req);
      const q = req.query;
      const { items, total, next_cursor } = await ctx.store.list(q);
      // lists use the mirrored credits (no call to billing per row)
      return {
        success: true as const,
        users: items.map((i) => toUser(i.account, i.credits, mirroredSchool(i.school))),
        total,
        next_cursor,
      };
    },
  );

  app.get(
    '/users/admin/users/:id',
    {
      preHandler: admins,
      schema: { summary: 'One user (admin, super_admin)', security, params: Id, response: { 200: User, ...errorResponses(401, 403, 404) } },
    },
    async (req) => {
      await adminSelf(ctx, req);
      const id = req.params.id;
      return ctx.views.view(id, async () => {
        const found = await ctx.store.get(id);
        if (!found) throw userNotFound();
        return found;
      });
    },
  );

  app.put(
    '/users/admin/users/:id',
    {
      preHandler: admins,
      schema: {
        summary: 'Edit a user: names, user_type (super_admin only), is_active',
        security,
        params: Id,
        body: AdminUserBody,
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      const body = req.body;
      return change(me.account.id, req.params.id, {
        first_name: firstNameOf(body.first_name),
        last_name: cleanName(body.last_name),
        role: body.user_type,
        is_active: body.is_active,
      });
    },
  );

  app.delete(
    '/users/admin/users/:id',
    {
      preHandler: admins,
      schema: { summary: 'Delete a user', security, params: Id, response: { 200: SuccessMessage, ...errorResponses(401, 403, 404, 409) } },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      const { before } = await changeAccountAsAdmin(ctx.store, me.account.id, req.params.id, { delete: true });
      await ctx.avatars.remove(before.avatar);
      return { success: true, message: 'User deleted successfully' };
    },
  );

  app.put(
    '/users/admin/users/:id/role',
    {
      preHandler: requireRole('super_admin'),
      schema: {
        summary: 'Change a role (super_admin only)',
        security,
        params: Id,
        body: Type.Object({ new_role: Role }),
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      return change(me.account.id, req.params.id, { role: req.body.new_role });
    },
  );

  app.put(
    '/users/admin/users/:id/status',
    {
      preHandler: admins,
      schema: {
        summary: 'Activate or deactivate a user',
        security,
        params: Id,
        body: Type.Object({ is_active: Type.Boolean() }),
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      return change(me.account.id, req.params.id, { is_active: req.body.is_active });
    },
  );

  app.put(
    '/users/admin/users/:id/credits',
    {
      preHandler: admins,
      schema: {
        summary: "Set a user's essay credits (forwarded to billing)",
        security,
        params: Id,
        body: CreditsBody,
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      const target = await ctx.store.get(req.params.id);
      if (!target) throw userNotFound();
      if (!canManage(me.account, target.account)) throw forbidden(Messages.ADMIN_TARGET_SUPER_ADMIN_ONLY);
      const body = req.body;
      const account = await ctx.billing.setCredits(target.account.id, body.essay_credits, body.max_essay_credits, me.account.id);
      return toUser(target.account, account, mirroredSchool(target.school));
    },
  );

  app.put(
    '/users/admin/users/:id/personas',
    {
      preHandler: admins,
      schema: {
        summary: "Set a user's assigned personas",
        security,
        params: Id,
        body: PersonasBody,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      const personas = [...new Set(req.body.assigned_personas.map((p) => p.trim()).filter(Boolean))];
      return change(me.account.id, req.params.id, { assigned_personas: personas });
    },
  );

  app.put(
    '/users/admin/api-key',
    {
      preHandler: admins,
      schema: {
        summary: "Store the caller's own OpenAI API key (encrypted; answered masked). An empty key removes it.",
        security,
        body: Type.Object({ api_key: Type.String({ maxLength: 500 }) }),
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const me = await adminSelf(ctx, req);
      const key = req.body.api_key.trim();
      return ctx.views.view(me.account.id, () =>
        key
          ? ctx.store.setApiKey(me.account.id, encryptSecret(ctx.dataKey, key), maskSecret(key))
          : ctx.store.setApiKey(me.account.id, null, null),
      );
    },
  );
};
