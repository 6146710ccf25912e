import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '@corestone/service-kit';
import type { AuthConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file into MAIL_DIR and its path (never its content) is logged.
 */
export class Mailer {
  private readonly transport: Transporter;
  private readonly toFiles: boolean;

  constructor(
    private readonly config: Pick<AuthConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_DIR'>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.toFiles = !config.SMTP_URL;
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  get mode(): 'smtp' | 'files' {
    return this.toFiles ? 'files' : 'smtp';
  }

  async send(mail: Mail): Promise<{ file?: string }> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.toFiles) {
      this.log.info({ messageId: info.messageId }, 'mail sent');
      return {};
    }
    await fs.mkdir(this.config.MAIL_DIR, { recursive: true });
    const file = path.join(this.config.MAIL_DIR, `${newId()}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    this.log.info({ file }, 'mail written to file');
    return { file };
  }

  close(): void {
    this.transport.close();
  }
}
