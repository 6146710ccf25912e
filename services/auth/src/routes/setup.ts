import { Type } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH, Messages, SetupAdminResponse, SetupStatus, SuccessFailure } from '@corestone/contracts';
import type { RoutePlugin } from '@corestone/service-kit';
import type { Setup } from '../app/setup';
import { successFailureHandler } from './common';

const SetupBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 400 })),
  email: Type.Optional(Type.String({ maxLength: 320 })),
  password: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
  /** 'super-admin' or 'super_admin'; whatever is sent, setup creates a super_admin. */
  user_type: Type.Optional(Type.String({ maxLength: 50 })),
  setup_token: Type.Optional(Type.String({ maxLength: 500 })),
});

export const setupRoutes: RoutePlugin<{ setup: Setup }> = async (app, { setup }) => {
  app.get(
    '/auth/setup-status',
    {
      schema: {
        summary: 'Whether the first admin exists (setup is closed) and whether creating it needs the setup token',
        response: { 200: SetupStatus },
      },
    },
    async () => ({ admin_exists: await setup.adminExists(), setup_token_required: setup.tokenRequired }),
  );

  app.post(
    '/auth/setup-admin',
    {
      errorHandler: successFailureHandler,
      schema: {
        summary: 'Create the first super admin (once)',
        body: SetupBody,
        headers: Type.Object({ 'x-setup-token': Type.Optional(Type.String({ maxLength: 500 })) }),
        response: { 200: SetupAdminResponse, 400: SuccessFailure, 403: SuccessFailure, 409: SuccessFailure, 503: SuccessFailure },
      },
    },
    async (req) => {
      const headerToken = req.headers['x-setup-token'];
      const user = await setup.createAdmin(req.body, typeof headerToken === 'string' ? headerToken : undefined);
      return { success: true as const, message: Messages.SETUP_DONE, user };
    },
  );
};
