import { Type } from '@sinclair/typebox';
import { Codes, MAX_AVATAR_BYTES, Messages, User } from '@corestone/contracts';
import { HttpError, badRequest, errorResponses, notFound, requireAuth, security, type RoutePlugin } from '@corestone/service-kit';
import { CONTENT_TYPES, avatarKindOf, sniffImage } from '../domain/avatar';
import { self, type UsersContext } from './context';

const tooLarge = () => new HttpError(413, Codes.PAYLOAD_TOO_LARGE, Messages.AVATAR_TOO_LARGE);
/** The image bytes: a Buffer, sent as is (declared `string`, `format: binary` in the OpenAPI document). */
const AvatarImage = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'image/png, image/jpeg or image/webp' });
const unsupported = () => new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, Messages.AVATAR_UNSUPPORTED);

export const avatarRoutes: RoutePlugin<UsersContext> = async (app, ctx) => {
  app.post(
    '/users/me/avatar',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Upload own avatar (multipart field "file"; PNG, JPEG or WebP by content; at most 2 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (req) => {
      const me = await self(ctx, req);
      if (!req.isMultipart()) throw new HttpError(415, Codes.UNSUPPORTED_MEDIA_TYPE, Messages.AVATAR_FILE_REQUIRED);
      let data: Buffer;
      try {
        const part = await req.file({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 10, parts: 11 } });
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw badRequest(Messages.AVATAR_FILE_REQUIRED);
        }
        data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const e = err as { statusCode?: number; code?: string };
        if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw badRequest(`malformed multipart body: ${(err as Error).message}`);
      }
      const kind = sniffImage(data);
      if (!kind) throw unsupported();
      const name = await ctx.avatars.save(data, kind);
      return ctx.views.view(me.account.id, async () => {
        let result;
        try {
          result = await ctx.store.setAvatar(me.account.id, name);
        } catch (err) {
          await ctx.avatars.remove(name);
          throw err;
        }
        if (result.previous && result.previous !== name) await ctx.avatars.remove(result.previous);
        return result.found;
      });
    },
  );

  app.delete(
    '/users/me/avatar',
    {
      preHandler: requireAuth,
      schema: { summary: 'Remove own avatar', security, response: { 200: User, ...errorResponses(401, 403, 404) } },
    },
    async (req) => {
      const me = await self(ctx, req);
      return ctx.views.view(me.account.id, async () => {
        const result = await ctx.store.setAvatar(me.account.id, null);
        await ctx.avatars.remove(result.previous);
        return result.found;
      });
    },
  );

  // Public: <img src> cannot send a bearer token. Names are random (unguessable) and checked.
  app.get(
    '/users/avatars/:file',
    {
      schema: {
        summary: 'An avatar image (public)',
        params: Type.Object({ file: Type.String({ maxLength: 64 }) }),
        response: { 200: AvatarImage, ...errorResponses(400, 404) },
      },
    },
    async (req, reply) => {
      const { file } = req.params;
      const kind = avatarKindOf(file);
      const data = kind ? await ctx.avatars.read(file) : null;
      if (!kind || !data) throw notFound('Avatar not found');
      return reply
        .header('content-type', CONTENT_TYPES[kind])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(data);
    },
  );
};
