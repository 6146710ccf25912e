/**
 * Shapes every service answers with: the error envelope, the `{success, message}` reply and the
 * platform health report.
 */
import { Type, type Static } from '@sinclair/typebox';

export const ErrorEnvelope = Type.Object({
  detail: Type.String(),
  code: Type.String(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** `{success, message}` shape the spec's update-password and setup screens read. */
export const SuccessMessage = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type SuccessMessage = Static<typeof SuccessMessage>;

export const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  services: Type.Record(Type.String(), Type.Object({ ready: Type.Boolean(), detail: Type.Optional(Type.String()) })),
  not_ready: Type.Array(Type.String()),
});
export type Health = Static<typeof Health>;
