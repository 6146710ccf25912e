import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { MailSettings, configSchema } from '@corestone/service-kit';

const int = (def: number, min = 0) => Type.Integer({ default: def, minimum: min });

export const SchoolsConfig = configSchema({
  PORT: int(SERVICES.schools.port),
  /** How long schools waits for auth to make (or find) an invited member's account. */
  PROVISION_TIMEOUT_MS: int(10_000, 100),
  /** Time zone of a school created without one. */
  DEFAULT_SCHOOL_TIME_ZONE: Type.String({ default: 'UTC' }),
  /** How long schools waits for rubric, evaluation and users when assignments ask them. */
  PEER_TIMEOUT_MS: int(5_000, 100),
  /** How often the assignment mail scheduler passes ("assignment open", "due in 24 h"); 0: never (tests run passes by hand). */
  ASSIGNMENT_MAILS_EVERY_MS: int(60_000),
  /** How often due LTI grade passbacks are looked for (a release also sends at once); 0: never (tests run passes by hand). */
  LTI_PASSBACK_EVERY_MS: int(30_000),
  /** The assignment mails: SMTP_URL, MAIL_DISABLED, MAIL_FROM, MAIL_DIR (service-kit mail, as evaluation's). */
  ...MailSettings,
  /**
   * Not required in production (unlike auth's): students see their assignments in the app whether
   * or not they can be mailed. Without it the mails are written to MAIL_DIR.
   */
  SMTP_URL: Type.Optional(Type.String()),
});
export type SchoolsConfig = Static<typeof SchoolsConfig>;
