/**
 * Issue 36: the "assignment open" and "due in 24 h" mails in each student's language — their own
 * choice, else their school's default, else English (users answers both with the mail choices;
 * here the stand-in) — the deadline written as that language writes dates.
 */
import type { Assignment } from '@corestone/contracts';
import { writtenMails } from '@corestone/service-kit/testing';
import { AssignmentPeersStandIn } from './assignment-peers';
import { person, seedSchool, startSchools, type Harness, type Person } from './harness';

let h: Harness;
let peers: AssignmentPeersStandIn;
let S: Awaited<ReturnType<typeof seedSchool>>;
let students: Person[];
let classId: string;

beforeAll(async () => {
  h = await startSchools('schmloc');
  peers = new AssignmentPeersStandIn(h).start();
  const sa = await person(h, 'super_admin');
  S = await seedSchool(h, sa, 'Xi Lycee');
  await h.call('PATCH', `/schools/${S.id}`, S.admin.h, { time_zone: 'Europe/Paris' });
  classId = (await h.call<{ id: string }>('POST', `/schools/${S.id}/classes`, S.teacher.h, { name: 'IB1 Philo' })).body.id;
  students = [];
  for (const who of ['amelie', 'bruno', 'carla']) {
    const email = `${who}@xi.example.org`;
    const res = await h.call<{ member: { user_id: string } }>('POST', `/schools/${S.id}/members`, sa.h, {
      email,
      name: who,
      role: 'student',
    });
    const id = res.body.member.user_id;
    await h.call('POST', `/classes/${classId}/members`, S.admin.h, { user_id: id, role: 'student' });
    students.push({ id, role: 'student', email, h: await h.headers(id, 'student') });
  }
  peers.languages.set(students[0].id, { locale: 'fr', school_default_locale: 'es' }); // own choice first
  peers.languages.set(students[1].id, { locale: null, school_default_locale: 'es' }); // the school's
  peers.languages.set(students[2].id, { locale: null, school_default_locale: null }); // English
});
afterAll(async () => {
  peers?.stop();
  await h?.close();
});

const mailTo = (p: Person, kind: string) => writtenMails(h.mailDir).find((m) => m.to === p.email && m.subject.includes(kind))!;

describe("assignment mails in the student's language", () => {
  it('writes the open and the due-soon mail in French, Spanish or English', async () => {
    const res = await h.call<Assignment>('POST', `/classes/${classId}/assignments`, S.teacher.h, {
      title: 'La conscience',
      essay_type: 'tok',
      rubric_id: peers.rubric('tok'),
      release_mode: 'after_review',
      kind: 'draft',
      due_at: '2033-03-10T16:00:00Z',
    });
    expect(res.status).toBe(201);
    await h.service.assignmentMails.runOnce(new Date('2033-02-01T00:00:00Z'));
    const [fr, es, en] = students;

    const frOpen = mailTo(fr, 'La conscience');
    expect(frOpen.subject).toBe('Nouveau devoir : « La conscience » (IB1 Philo)');
    expect(frOpen.raw).toContain('Un nouveau devoir est ouvert dans IB1 Philo : « La conscience » (Essai de TdC, brouillon).');
    expect(frOpen.raw).toContain('À rendre le jeudi 10 mars 2033 à 17:00 (Europe/Paris).');
    const esOpen = mailTo(es, 'La conscience');
    expect(esOpen.subject).toBe('Nueva tarea: «La conscience» (IB1 Philo)');
    expect(esOpen.raw).toContain('Fecha de entrega: jueves, 10 de marzo de 2033, 17:00 (Europe/Paris).');
    expect(mailTo(en, 'La conscience').subject).toBe('New assignment: "La conscience" (IB1 Philo)');

    // The reminder a day before (none of them has submitted; the open mail was weeks earlier).
    await h.service.assignmentMails.runOnce(new Date('2033-03-09T20:00:00Z'));
    expect(mailTo(fr, 'rendre dans 24 heures').raw).toContain('Vous ne l’avez pas encore rendu.');
    expect(mailTo(es, 'Se entrega en 24 horas').raw).toContain('Todavía no la has entregado.');
    expect(mailTo(en, 'Due in 24 hours').subject).toBe('Due in 24 hours: "La conscience" (IB1 Philo)');
  });
});
