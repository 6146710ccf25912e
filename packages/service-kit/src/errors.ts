import { Codes, Messages, type MessageParams } from '@corestone/contracts';

/**
 * An error that becomes `{ detail, code }` with its HTTP status. `detail` is English; the app
 * answers it in the request's language when it is one of `Messages` (app.ts) — for a message built
 * from values, give the values as `params`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly params?: MessageParams,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, code: string = Codes.VALIDATION) => new HttpError(400, code, detail);
export const unauthorized = (detail: string = Messages.NOT_AUTHENTICATED, code: string = Codes.UNAUTHENTICATED) =>
  new HttpError(401, code, detail);
export const forbidden = (detail: string = Messages.FORBIDDEN, code: string = Codes.FORBIDDEN) => new HttpError(403, code, detail);
export const notFound = (detail: string, code: string = Codes.NOT_FOUND) => new HttpError(404, code, detail);
export const conflict = (detail: string, code: string) => new HttpError(409, code, detail);
export const unavailable = (detail: string) => new HttpError(503, Codes.UNAVAILABLE, detail);

export function isHttpError(err: unknown): err is HttpError {
  return err instanceof HttpError;
}
