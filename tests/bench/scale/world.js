/**
 * The year of data `npm run seed:scale` loads (issue 34 §2): who exists, in which school and class,
 * and what they submitted when — all derived from indexes and a seeded pseudo-random generator, so
 * every service's tables name the same ids and a second run produces the same rows.
 *
 * Shape (defaults; SCALE_* env or CLI flags change the counts):
 * - 100 schools, each with 1 school admin, 20 teachers, 60 classes (3 per teacher, 30 students each)
 *   and 1,800 students; 4 assignments per class (two drafts, two finals) spread over the year;
 * - platform admins, and individuals (students and a tenth teachers) for the rest of 200,000 users;
 * - 1,000,000 evaluations: 88 % by school students (their class's assignments first, then essays of
 *   their own), the rest by individuals; spread over the twelve months before now.
 */

const DAY = 86_400_000;

/** Counts of the world; users and evaluations are totals, the rest per school. */
function sizes(overrides = {}) {
  const s = {
    schools: 100,
    users: 200_000,
    evaluations: 1_000_000,
    teachersPerSchool: 20,
    classesPerTeacher: 3,
    studentsPerClass: 30,
    assignmentsPerClass: 4,
    platformAdmins: 10,
    links: 40,
    /** Share of evaluations written by school students. */
    schoolShare: 0.88,
    ...overrides,
  };
  s.classesPerSchool = s.teachersPerSchool * s.classesPerTeacher;
  s.studentsPerSchool = s.classesPerSchool * s.studentsPerClass;
  s.membersPerSchool = 1 + s.teachersPerSchool + s.studentsPerSchool;
  s.schoolUsers = s.schools * s.membersPerSchool;
  s.individuals = s.users - s.schoolUsers - s.platformAdmins;
  if (s.individuals < 1) throw new Error(`${s.users} users cannot hold ${s.schools} schools of ${s.membersPerSchool} members`);
  s.schoolEvaluations = Math.round(s.evaluations * s.schoolShare);
  s.schoolStudents = s.schools * s.studentsPerSchool;
  return s;
}

/** mulberry32: a small seeded generator (uniform in [0, 1)). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A UUIDv7 whose time is `ms` and whose random bits are the entity's kind (one byte) and index:
 * unique per (kind, index, ms), ordered by time as the platform's own ids are.
 */
function uuid7(ms, kind, index) {
  const t = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  const hi = (index >>> 0).toString(16).padStart(8, '0');
  const k = (kind & 0xff).toString(16).padStart(2, '0');
  // version 7, variant 10; the kind in rand_a, the index in rand_b
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${k}0-8000-${'0000'}${hi}`;
}

const KIND = { school: 1, user: 2, class: 3, assignment: 4, evaluation: 5, ledger: 6, schoolLedger: 7, purchase: 8, link: 9, rubric: 10 };

const FIRST = [
  'Amara',
  'Ben',
  'Chloé',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Qing',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adeyemi',
  'Becker',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Müller',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Sato',
  'Tanaka',
  'Usman',
  'Varga',
  'Wong',
  'Yilmaz',
  'Zhang',
];

/**
 * Everything about user `u` (0-based): role, school and class, names, e-mail, when they joined.
 * Users 0..platformAdmins-1 are platform admins (0 the super admin), then the schools' members
 * school by school (admin, teachers, students), then individuals.
 */
function user(s, now, u) {
  const first = FIRST[u % FIRST.length];
  const last = LAST[Math.floor(u / FIRST.length) % LAST.length];
  const base = { index: u, first_name: first, last_name: `${last}-${u}`, school: null, schoolRole: null, classIndex: null };
  const yearAgo = now - 365 * DAY;
  if (u < s.platformAdmins) {
    return { ...base, role: u === 0 ? 'super_admin' : 'admin', email: `admin${u}@scale.corestone.example`, joined: yearAgo - 30 * DAY };
  }
  const m = u - s.platformAdmins;
  if (m < s.schoolUsers) {
    const school = Math.floor(m / s.membersPerSchool);
    const r = m % s.membersPerSchool;
    const domain = `school${school}.scale.example`;
    const joined = yearAgo - 20 * DAY + school * 3600_000;
    if (r === 0) return { ...base, role: 'admin', school, schoolRole: 'school_admin', email: `admin@${domain}`, joined };
    if (r <= s.teachersPerSchool) {
      const t = r - 1;
      return { ...base, role: 'teacher', school, schoolRole: 'teacher', teacher: t, email: `teacher${t}@${domain}`, joined };
    }
    const st = r - 1 - s.teachersPerSchool;
    return {
      ...base,
      role: 'student',
      school,
      schoolRole: 'student',
      student: st,
      classIndex: school * s.classesPerSchool + Math.floor(st / s.studentsPerClass),
      email: `student${st}@${domain}`,
      joined,
    };
  }
  const i = m - s.schoolUsers;
  return {
    ...base,
    role: i % 10 === 9 ? 'teacher' : 'student',
    email: `user${i}@individual.scale.example`,
    joined: yearAgo + Math.floor((i / s.individuals) * 360 * DAY),
  };
}

const userIndexOfSchoolMember = (s, school, r) => s.platformAdmins + school * s.membersPerSchool + r;
const schoolAdminIndex = (s, school) => userIndexOfSchoolMember(s, school, 0);
const teacherIndex = (s, school, t) => userIndexOfSchoolMember(s, school, 1 + t);
const studentIndex = (s, school, st) => userIndexOfSchoolMember(s, school, 1 + s.teachersPerSchool + st);

/** Class `c` (0-based over all schools): its school, teacher and name. */
function klass(s, c) {
  const school = Math.floor(c / s.classesPerSchool);
  const local = c % s.classesPerSchool;
  const teacher = Math.floor(local / s.classesPerTeacher);
  const subjects = ['History', 'Biology', 'English A', 'Economics', 'Physics', 'Philosophy', 'Chemistry', 'Geography'];
  return {
    index: c,
    school,
    local,
    teacher,
    name: `${subjects[local % subjects.length]} ${2026 + (local % 2)}-${local}`,
    subject: subjects[local % subjects.length],
  };
}

/** Assignment `k` of class `c`: due dates at 2.5, 5.5, 8.5 and 11.5 months of the year. */
function assignment(s, now, c, k) {
  const yearAgo = now - 365 * DAY;
  const due = yearAgo + Math.round(((k + 0.8) * 365 * DAY) / s.assignmentsPerClass);
  const kind = k % 2 === 0 ? 'draft' : 'final';
  const essay_type = Math.floor(k / 2) % 2 === 0 ? 'ee' : 'tok';
  return {
    index: c * s.assignmentsPerClass + k,
    k,
    kind,
    essay_type,
    title: `${kind === 'draft' ? 'Draft' : 'Final'} ${essay_type === 'ee' ? 'Extended Essay' : 'TOK essay'} ${Math.floor(k / 2) + 1}`,
    opens_at: due - 28 * DAY,
    due_at: due,
    release_mode: kind === 'final' ? 'after_review' : 'immediate',
    show_ai_marks: kind === 'draft',
  };
}

/**
 * Evaluation `e`: its owner (a user index), the assignment it went into (null: an essay of the
 * owner's own) and when it was submitted. The first schoolEvaluations go round the school students
 * (so each writes about the same number), their class's assignments first.
 */
function evaluationPlan(s, now, e, rnd) {
  const yearAgo = now - 365 * DAY;
  if (e < s.schoolEvaluations) {
    const st = e % s.schoolStudents;
    const round = Math.floor(e / s.schoolStudents);
    const school = Math.floor(st / s.studentsPerSchool);
    const owner = studentIndex(s, school, st % s.studentsPerSchool);
    const c = school * s.classesPerSchool + Math.floor((st % s.studentsPerSchool) / s.studentsPerClass);
    if (round < s.assignmentsPerClass) {
      const a = assignment(s, now, c, round);
      // most arrive in the last week before the deadline, a few late
      const before = rnd() < 0.06 ? -rnd() * 3 * DAY : rnd() ** 2 * 7 * DAY;
      return { owner, school, classIndex: c, assignment: a, at: Math.min(now - 60_000, a.due_at - before), late: before < 0 };
    }
    return { owner, school, classIndex: c, assignment: null, at: yearAgo + rnd() * 365 * DAY, late: false };
  }
  const i = (e - s.schoolEvaluations) % s.individuals;
  return {
    owner: s.platformAdmins + s.schoolUsers + i,
    school: null,
    classIndex: null,
    assignment: null,
    at: yearAgo + rnd() * 365 * DAY,
    late: false,
  };
}

module.exports = {
  DAY,
  KIND,
  sizes,
  random,
  uuid7,
  user,
  klass,
  assignment,
  evaluationPlan,
  schoolAdminIndex,
  teacherIndex,
  studentIndex,
};
