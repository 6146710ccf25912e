import { DEFAULT_EMAIL_NOTIFICATIONS } from '@corestone/contracts';
import {
  AssignmentDateError,
  AssignmentRules,
  assignmentMail,
  checkDates,
  datesAfter,
  isOpen,
  mailDecision,
  reminderDue,
  schoolDate,
} from '../src/domain/assignments';

const d = (iso: string) => new Date(iso);

describe('assignment dates', () => {
  it('the deadline comes after the opening; no opening means open from creation', () => {
    expect(() => checkDates({ opens_at: null, due_at: d('2020-01-01T00:00:00Z') })).not.toThrow();
    expect(() => checkDates({ opens_at: d('2030-01-01T00:00:00Z'), due_at: d('2030-01-01T00:00:01Z') })).not.toThrow();
    expect(() => checkDates({ opens_at: d('2030-01-01T00:00:00Z'), due_at: d('2030-01-01T00:00:00Z') })).toThrow(AssignmentDateError);
  });

  it('a change keeps what it does not name; null clears the opening', () => {
    const current = { opens_at: d('2030-01-01T00:00:00Z'), due_at: d('2030-02-01T00:00:00Z') };
    expect(datesAfter(current, {})).toEqual(current);
    expect(datesAfter(current, { opens_at: null })).toEqual({ opens_at: null, due_at: current.due_at });
    expect(datesAfter(current, { due_at: '2030-03-01T00:00:00+01:00' })).toEqual({
      opens_at: current.opens_at,
      due_at: d('2030-02-28T23:00:00Z'),
    });
  });

  it('open between the opening (or creation) and the deadline; the reminder within the last 24 h', () => {
    const a = { opens_at: null, created_at: '2030-01-01T00:00:00Z', due_at: '2030-01-10T00:00:00Z', archived_at: null };
    expect(isOpen(a, d('2029-12-31T23:59:59Z'))).toBe(false);
    expect(isOpen(a, d('2030-01-01T00:00:00Z'))).toBe(true);
    expect(isOpen(a, d('2030-01-10T00:00:00Z'))).toBe(false);
    expect(isOpen({ ...a, archived_at: '2030-01-02T00:00:00Z' }, d('2030-01-05T00:00:00Z'))).toBe(false);
    expect(reminderDue(a, d('2030-01-08T23:59:59Z'))).toBe(false);
    expect(reminderDue(a, d('2030-01-09T00:00:00Z'))).toBe(true);
  });

  it('shows a date in the school’s zone, day and all', () => {
    expect(schoolDate('2030-03-01T15:30:00Z', 'Asia/Tokyo')).toBe('Saturday 2 March 2030, 00:30 (Asia/Tokyo)');
    expect(schoolDate('2030-07-01T22:59:00Z', 'Europe/London')).toBe('Monday 1 July 2030, 23:59 (Europe/London)');
    expect(schoolDate('2030-01-01T00:00:00Z', 'America/New_York')).toBe('Monday 31 December 2029, 19:00 (America/New_York)');
  });
});

describe('who may do what with a class’s assignments', () => {
  it('follows the class: staff manage, its students read, others are told nothing', () => {
    expect(AssignmentRules.manage({ standing: 'teacher', classRole: 'teacher' })).toBe('allow');
    expect(AssignmentRules.manage({ standing: 'school_admin', classRole: null })).toBe('allow');
    expect(AssignmentRules.manage({ standing: 'student', classRole: 'student' })).toBe('forbid');
    expect(AssignmentRules.manage({ standing: 'teacher', classRole: null })).toBe('hide');
    expect(AssignmentRules.see({ standing: 'student', classRole: 'student' })).toBe('allow');
    expect(AssignmentRules.see({ standing: 'none', classRole: null })).toBe('hide');
    expect(AssignmentRules.seeArchived({ standing: 'student', classRole: 'student' })).toBe(false);
    expect(AssignmentRules.seeArchived({ standing: 'platform_admin', classRole: null })).toBe(true);
  });
});

describe('which mail goes', () => {
  const base = { due_at: '2030-01-10T00:00:00Z', submitted: false, opened_mail_at: null, switches: DEFAULT_EMAIL_NOTIFICATIONS };
  it('sends unless submitted, told already, gone or switched off — each switch for its own mail', () => {
    expect(mailDecision({ ...base, kind: 'opened' })).toEqual({ send: true });
    expect(mailDecision({ ...base, kind: 'opened', submitted: true })).toEqual({ send: true });
    expect(mailDecision({ ...base, kind: 'due_soon', submitted: true })).toEqual({ send: false, reason: 'submitted' });
    expect(mailDecision({ ...base, kind: 'due_soon', opened_mail_at: d('2030-01-09T00:00:01Z') })).toEqual({
      send: false,
      reason: 'told_in_open_mail',
    });
    expect(mailDecision({ ...base, kind: 'due_soon', opened_mail_at: d('2030-01-09T00:00:00Z') })).toEqual({ send: true });
    expect(mailDecision({ ...base, kind: 'due_soon', switches: null })).toEqual({ send: false, reason: 'no_account' });
    const noOpen = { ...DEFAULT_EMAIL_NOTIFICATIONS, assignment_opened: false };
    expect(mailDecision({ ...base, kind: 'opened', switches: noOpen })).toEqual({ send: false, reason: 'switched_off' });
    expect(mailDecision({ ...base, kind: 'due_soon', switches: noOpen })).toEqual({ send: true });
  });

  it('writes the mail with one-line headers and escaped HTML', () => {
    const mail = assignmentMail({
      kind: 'due_soon',
      assignment: {
        id: 'a',
        title: 'Essay <1>\nreally',
        class_name: 'EE & co',
        essay_type: 'tok',
        kind: 'draft',
        due_at: '2030-01-10T00:00:00Z',
        time_zone: 'UTC',
        allow_late: true,
        instructions: '',
      },
      to: ' ann@example.org\n',
      name: '',
      baseUrl: 'https://corestone.example/',
    });
    expect(mail.to).toBe('ann@example.org');
    expect(mail.subject).toBe('Due in 24 hours: "Essay <1> really" (EE & co)');
    expect(mail.text).toContain('Late work is taken, but marked late.');
    expect(mail.text).toContain('Submit your essay:\nhttps://corestone.example/dashboard/upload/tok?assignment=a\n');
    expect(mail.text.startsWith('Hello,')).toBe(true);
    expect(mail.html).toContain('Essay &#60;1&#62;');
    expect(mail.html).not.toContain('<1>');
  });
});
