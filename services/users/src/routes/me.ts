import { Type } from '@sinclair/typebox';
import { AnonymousState, EmailNotifications, LocaleSchema, MessageAllowance, Role, User, UserPermissions } from '@corestone/contracts';
import { errorResponses, principalOf, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { messageAllowance, permissionsOf } from '../domain/rules';
import { cleanName, firstNameOf } from '../domain/names';
import { updateOwnProfile } from '../app/account-changes';
import { self, type UsersContext } from './context';

const Name = Type.String({ maxLength: 100 });

const ProfileBody = Type.Object({
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  display_name: Type.Optional(Type.Union([Name, Type.Null()])),
  user_type: Type.Optional(Role),
  /** Issue 31: any of the mail switches; the ones not sent stay as they are. */
  email_notifications: Type.Optional(Type.Partial(EmailNotifications, { additionalProperties: false })),
  /** Issue 36: the user's own language; null follows the school's default, then the browser. */
  locale: Type.Optional(Type.Union([LocaleSchema, Type.Null()])),
});

export const meRoutes: RoutePlugin<UsersContext> = async (app, ctx) => {
  app.get(
    '/users/me',
    {
      preHandler: requireAuth,
      schema: { summary: 'The caller (credits: read-your-writes)', security, response: { 200: User, ...errorResponses(401, 403, 404) } },
    },
    async (req) => {
      return ctx.views.view(principalOf(req).id, () => self(ctx, req));
    },
  );

  app.put(
    '/users/me',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Edit own profile; user_type may switch only between student and teacher',
        security,
        body: ProfileBody,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const me = await self(ctx, req);
      const body = req.body;
      const display = body.display_name === undefined ? undefined : cleanName(body.display_name ?? '') || null;
      return ctx.views.view(me.account.id, () =>
        updateOwnProfile(ctx.store, me.account.id, {
          first_name: firstNameOf(body.first_name),
          last_name: cleanName(body.last_name),
          display_name: display,
          user_type: body.user_type,
          email_notifications: body.email_notifications,
          locale: body.locale,
        }),
      );
    },
  );

  app.post(
    '/users/toggle-anonymous',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Hide or show the caller as anonymous',
        security,
        body: Type.Object({ enabled: Type.Boolean() }),
        response: { 200: AnonymousState, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const me = await self(ctx, req);
      return { is_anonymous: await ctx.store.setAnonymous(me.account.id, req.body.enabled) };
    },
  );

  app.get(
    '/users/permissions',
    {
      preHandler: requireAuth,
      schema: { summary: "What the caller's role allows", security, response: { 200: UserPermissions, ...errorResponses(401, 403, 404) } },
    },
    async (req) => permissionsOf((await self(ctx, req)).account.role),
  );

  app.get(
    '/users/can-send-message',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Whether the caller may send one more message (students: max_chatbot in total)',
        security,
        response: { 200: MessageAllowance, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => {
      const { account } = await self(ctx, req);
      return messageAllowance(account.role, account.message_count, account.max_chatbot);
    },
  );

  app.post(
    '/users/increment-message-count',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Count one message; a student at the limit gets 403 MESSAGE_LIMIT_REACHED',
        security,
        response: { 200: MessageAllowance, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ctx.store.incrementMessages((await self(ctx, req)).account.id),
  );
};
