import { resetPasswordMail, schoolInviteMail, setPasswordMail } from '../src/domain/mails';

const LINK = 'https://corestone.example/reset-password?token=abc_DEF-123';

describe('the e-mails auth sends', () => {
  it('reset: states the expiry and single use, and carries the whole link in both parts', () => {
    const mail = resetPasswordMail(LINK);
    expect(mail.subject).toBe('Reset your Corestone password');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('within one hour');
      expect(part).toContain('once');
      expect(part).toContain('If it was not you, ignore this e-mail');
      expect(part).toContain('signs you out on every device');
    }
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(mail.html).toContain(`<a href="${LINK}"`);
    // the address as text too, for a mail program that does not open links
    expect(mail.html.split(LINK)).toHaveLength(3);
    expect(mail.html).toMatch(/^<!doctype html><html>.*<\/html>$/s);
  });

  it('password-set: greets by first name, states 7 days, and escapes what the admin typed in the HTML part', () => {
    const mail = setPasswordMail({ email: 'pupil@school.example', first_name: 'Zoë <b>' }, LINK);
    expect(mail.subject).toBe('Set your Corestone password');
    expect(mail.text).toContain('Hello Zoë <b>,');
    expect(mail.html).toContain('Hello Zoë &#60;b&#62;,');
    expect(mail.html).not.toContain('<b>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('within 7 days');
      expect(part).toContain('pupil@school.example');
    }
    expect(setPasswordMail({ email: 'a@b.c', first_name: '' }, LINK).text.startsWith('Hello,\n')).toBe(true);
  });

  it('school invitation: names the school in the subject and both parts, on one line whatever was typed, and escapes it in HTML', () => {
    const mail = schoolInviteMail({ email: 'pupil@school.example', first_name: 'Zoë' }, 'Maple <High>\r\nBcc: x@y.z  School', LINK);
    expect(mail.subject).toBe('Maple <High> Bcc: x@y.z School invited you to Corestone');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Hello Zoë,');
    expect(mail.text).toContain('Maple <High> Bcc: x@y.z School invited you to Corestone');
    expect(mail.html).toContain('Maple &#60;High&#62; Bcc: x@y.z School invited you');
    expect(mail.html).not.toContain('<High>');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('within 7 days');
      expect(part).toContain('pupil@school.example');
    }
    expect(mail.text).toContain(`\n${LINK}\n`);
    expect(schoolInviteMail({ email: 'a@b.c', first_name: '' }, ' \n ', LINK).subject).toBe('A school invited you to Corestone');
  });
});
