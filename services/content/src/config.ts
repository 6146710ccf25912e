import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { MailSettings, configSchema } from '@corestone/service-kit';

const int = (def: number, min = 0) => Type.Integer({ default: def, minimum: min });

export const ContentConfig = configSchema({
  PORT: int(SERVICES.content.port, 1),
  /** Enquiry mail: SMTP_URL, MAIL_DISABLED, MAIL_FROM, MAIL_DIR (service-kit mail, as auth's password resets). */
  ...MailSettings,
  /**
   * Not required in production (unlike auth): enquiries are stored and listed in the back office
   * whether or not they can be mailed. Production without it sends no enquiry mail.
   */
  SMTP_URL: Type.Optional(Type.String()),
  /** The inbox that receives institution enquiries (Power User plan). */
  CONTACT_TO: Type.String({ default: 'Corestone Enquiries <enquiries@corestone.local>' }),
  /** Enquiries per client address per window. */
  RATE_CONTACT_ADDRESS_MAX: int(5, 1),
  RATE_CONTACT_ADDRESS_WINDOW_SECONDS: int(60 * 60, 1),
  CONTACT_MAIL_MAX_ATTEMPTS: int(8, 1),
  CONTACT_MAIL_RETRY_MS: int(60_000, 100),
  /** How long a cached policy may live in Redis (a PUT invalidates it at once anyway). */
  CONTENT_CACHE_SECONDS: int(300),
  /** How long to wait for the users service when naming an editor. */
  USERS_TIMEOUT_MS: int(1_000, 1),
});
export type ContentConfig = Static<typeof ContentConfig>;
