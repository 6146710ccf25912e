import { ADMIN_ROLES, ContentFailure, ContentSettingsResponse, ContentSettingsUpdate } from '@corestone/contracts';
import { principalOf, requireRole, security, type GenerationCache, type RoutePlugin } from '@corestone/service-kit';
import type { SettingsStore } from '../store/settings';
import { changeSettings } from '../app/settings';

export interface SettingsRouteDeps {
  settings: SettingsStore;
  cache: GenerationCache;
  editorName: (userId: string) => Promise<string>;
}

/** The operator's settings: admins read them (Settings screen), a super admin changes them. */
export const settingsRoutes: RoutePlugin<SettingsRouteDeps> = async (app, { settings, cache, editorName }) => {
  app.get(
    '/general/settings',
    {
      preHandler: requireRole(...ADMIN_ROLES),
      schema: {
        summary: 'Organisation contact details used by the policies, and the enquiries inbox (admins)',
        security,
        response: { 200: ContentSettingsResponse, 401: ContentFailure, 403: ContentFailure },
      },
    },
    async () => ({ success: true as const, data: await settings.all() }),
  );

  app.put(
    '/general/settings',
    {
      preHandler: requireRole('super_admin'),
      schema: {
        summary: 'Change some settings; those not sent are kept (super admin). Empty organisation details mean "not set"',
        security,
        body: ContentSettingsUpdate,
        response: { 200: ContentSettingsResponse, 400: ContentFailure, 401: ContentFailure, 403: ContentFailure },
      },
    },
    async (req) => {
      await changeSettings({ settings, cache }, req.body, await editorName(principalOf(req).id));
      return { success: true as const, data: await settings.all() };
    },
  );
};
