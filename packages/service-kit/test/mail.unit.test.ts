import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { Mailer } from '@corestone/service-kit';

test('mail to files: each mail is one .eml in MAIL_DIR, also after the folder was removed between two mails', async () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kit-mail-')), 'mail');
  const mailer = new Mailer({ MAIL_FROM: 'Kit <kit@corestone.local>', MAIL_DIR: dir }, pino({ level: 'silent' }));
  try {
    const first = await mailer.send({ to: 'a@example.test', subject: 'First', text: 'one' });
    expect(fs.readFileSync(first.file!, 'utf8')).toMatch(/Subject: First/);
    fs.rmSync(dir, { recursive: true });
    const second = await mailer.send({ to: 'b@example.test', subject: 'Second', text: 'two' });
    expect(fs.readFileSync(second.file!, 'utf8')).toMatch(/Subject: Second/);
    expect(fs.readdirSync(dir)).toEqual([path.basename(second.file!)]);
  } finally {
    mailer.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  }
});
