import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { REPO_ROOT } from './config';
import { newId } from './ids';

/** Mail settings a sending service spreads into its `configSchema({...MailSettings, ...})`. */
export const MailSettings = {
  /** SMTP server (smtp://user:pass@host:port); unset: every mail is written as a file to MAIL_DIR. */
  SMTP_URL: Type.Optional(Type.String({ production: { requiredUnless: 'MAIL_DISABLED' } })),
  /** `true`: send no mail at all (production without SMTP must say so explicitly). */
  MAIL_DISABLED: Type.Boolean({ default: false }),
  MAIL_FROM: Type.String({ default: 'Corestone <no-reply@corestone.local>' }),
  MAIL_DIR: Type.String({ default: path.join(REPO_ROOT, '.data', 'mail') }),
};
export const MailConfig = Type.Object(MailSettings);
export type MailConfig = Static<typeof MailConfig>;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file into MAIL_DIR and its path (never its content) is logged; nothing at all with
 * MAIL_DISABLED.
 */
export class Mailer {
  private transport: Transporter | null = null;
  private readonly toFiles: boolean;
  private folderMade = false;

  constructor(
    private readonly config: Omit<MailConfig, 'MAIL_DISABLED'> & Partial<Pick<MailConfig, 'MAIL_DISABLED'>>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.toFiles = !config.SMTP_URL;
  }

  /** nodemailer is loaded with the first mail: most service processes never send one. */
  private async openTransport(): Promise<Transporter> {
    if (!this.transport) {
      const { default: nodemailer } = await import('nodemailer');
      this.transport ??= this.config.SMTP_URL
        ? nodemailer.createTransport(this.config.SMTP_URL)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    return this.transport;
  }

  get mode(): 'smtp' | 'files' {
    return this.toFiles ? 'files' : 'smtp';
  }

  async send(mail: Mail): Promise<{ file?: string }> {
    if (this.config.MAIL_DISABLED) {
      this.log.warn({ subject: mail.subject }, 'mail disabled (MAIL_DISABLED=true): not sent');
      return {};
    }
    const transport = await this.openTransport();
    const info = await transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.toFiles) {
      this.log.info({ messageId: info.messageId }, 'mail sent');
      return {};
    }
    const file = path.join(this.config.MAIL_DIR, `${newId()}.eml`);
    const message = (info as unknown as { message: Buffer }).message;
    // The folder is made with the first mail (not for each: a roster import writes thousands), and
    // again when it was removed meanwhile.
    if (!this.folderMade) await fs.mkdir(this.config.MAIL_DIR, { recursive: true });
    this.folderMade = true;
    await fs.writeFile(file, message, { mode: 0o600 }).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await fs.mkdir(this.config.MAIL_DIR, { recursive: true });
      await fs.writeFile(file, message, { mode: 0o600 });
    });
    this.log.info({ file }, 'mail written to file');
    return { file };
  }

  close(): void {
    this.transport?.close();
  }
}
