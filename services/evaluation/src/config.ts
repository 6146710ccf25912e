import { Type, type Static } from '@sinclair/typebox';
import { SERVICES } from '@corestone/contracts';
import { MailSettings, configSchema } from '@corestone/service-kit';

export const EvaluationConfig = configSchema({
  PORT: Type.Integer({ default: SERVICES.evaluation.port }),
  /** How often the sweeper looks for submissions left in `charging` (0 turns it off). */
  SWEEP_INTERVAL_MS: Type.Integer({ default: 5000, minimum: 0 }),
  /** A `charging` row older than this is settled by the sweeper. */
  SWEEP_AFTER_MS: Type.Integer({ default: 15000, minimum: 0 }),
  /** How long a submission waits for billing to charge the credit before answering 503. */
  CREDIT_RPC_TIMEOUT_MS: Type.Integer({ default: 5000, minimum: 50 }),
  /** How long the rubric / users look-ups may take. */
  LOOKUP_RPC_TIMEOUT_MS: Type.Integer({ default: 5000, minimum: 50 }),
  /** Longest a PDF or .docx may take to read before it is refused. */
  EXTRACT_TIMEOUT_MS: Type.Integer({ default: 60000, minimum: 100 }),
  /**
   * Admin Quick Assessment: longest wait for the grading service's answer. Under the screen's 30 s
   * (spec admin §9); the model gets this less 3 s, so its fallback result still arrives in time.
   */
  ASSESS_TIMEOUT_MS: Type.Integer({ default: 27_000, minimum: 1000 }),
  /** Server-sent events: how often the row is re-read for changes. */
  SSE_POLL_MS: Type.Integer({ default: 1000, minimum: 50 }),
  /** Review mails to students: SMTP_URL, MAIL_DISABLED, MAIL_FROM, MAIL_DIR (service-kit mail, as auth's and content's). */
  ...MailSettings,
  /**
   * Not required in production (unlike auth): the student sees every review in the app whether or
   * not it can be mailed. Production without it sends no review mail.
   */
  SMTP_URL: Type.Optional(Type.String()),
});
export type EvaluationConfig = Static<typeof EvaluationConfig>;
