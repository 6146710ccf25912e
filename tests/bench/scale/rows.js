/**
 * The rows of each service's tables for the scale seed (world.js says who and when; this says what
 * each service stores of it). One entry per table: the owning service's schema, the table, its
 * columns (the rest take their defaults) and a generator of rows. Ids are the same in every service.
 *
 * Sizes are kept realistic where lists and figures read them and small where nothing measured
 * reads them: an evaluation keeps a ~1 KB excerpt as its text (real essays are ~27 KB, stored
 * TOASTed and read only by the result page) and a rubric snapshot without the band descriptors.
 */
const { DEFAULT_SCHOOL_SETTINGS } = require('@corestone/contracts');
const { SEED_RUBRICS } = require('@corestone/rubric/seeds');
const W = require('./world');

const { DAY, KIND, uuid7 } = W;
const iso = (ms) => new Date(ms).toISOString();

const EXCERPT =
  `This essay investigates the question through primary and secondary sources, weighing the evidence each offers and the limits of what it can show. The first section sets out the method and why it suits the question; the second analyses the sources in turn, their origin, purpose and value; the third brings the findings together and evaluates them against the counter-arguments raised in the literature. The conclusion answers the research question and names what remains unresolved. `.repeat(
    2,
  );

const TITLES = [
  'To what extent did the printing press shape the Reformation in the Holy Roman Empire?',
  'How does soil pH affect the germination rate of Raphanus sativus?',
  'How far is knowledge in the natural sciences dependent on the methods used to produce it?',
  'To what extent has microfinance reduced poverty in rural Bangladesh since 2000?',
  'How does the author of Beloved use fragmented narrative to represent trauma?',
  'Is certainty possible in history and mathematics alike?',
  'What effect does the temperature of water have on the drag on a falling sphere?',
  'How did the 1973 oil crisis change energy policy in Japan?',
];

/** A rubric's snapshot as evaluation keeps it, band descriptors left out. */
function snapshot(seed, id) {
  const ss = seed.scoring_structure;
  return {
    id,
    title: seed.title,
    rubric_type: seed.rubric_type,
    version: 1,
    scoring_structure: { ...ss, criteria: ss.criteria.map(({ scoring_levels: _levels, ...c }) => c) },
  };
}

function gradeOf(boundaries, pct) {
  return boundaries.find((b) => pct >= b.min_percentage) ?? boundaries[boundaries.length - 1];
}

/** A graded result over `rubric` (criterion scores, bands, overall grade) from the generator. */
function results(rubric, rnd, grader) {
  const ss = rubric.scoring_structure;
  const quality = 0.35 + rnd() * 0.6;
  const criteria = ss.criteria.map((c) => {
    const score = Math.max(0, Math.min(c.maxScore, Math.round(c.maxScore * (quality + (rnd() - 0.5) * 0.3))));
    const band = score === 0 ? '0' : `${Math.max(1, score - 1)}-${Math.min(c.maxScore, score + (score % 2))}`;
    return {
      code: c.code,
      name: c.name,
      score,
      maxScore: c.maxScore,
      band,
      weight: c.weight,
      feedback: `${c.name}: the essay meets the descriptors of band ${band} with some evidence of the next.`,
      strengths: ['Clear focus on the question'],
      improvements: ['Evaluate the sources more critically'],
    };
  });
  const total = criteria.reduce((n, c) => n + c.score, 0);
  const percentage = Math.round((total / ss.total_points) * 1000) / 10;
  const grade = gradeOf(ss.grade_boundaries, percentage);
  return {
    overallGrade: grade.grade,
    overallBand: grade.description,
    totalPoints: total,
    maxPoints: ss.total_points,
    percentage,
    criteria,
    overallSummary: {
      holisticCommentary: `A ${grade.description.toLowerCase()} essay: the argument is sustained, the evaluation uneven.`,
      nextSteps: ['Tighten the research question', 'Add counter-arguments'],
      strengths: ['Focused research question'],
      improvements: ['Deeper evaluation of sources'],
    },
    insight_feedback: {
      clarity_and_cohesion: 'Mostly clear.',
      argument_and_evidence: 'Evidence supports most claims.',
      grammar_and_mechanics: 'Few errors.',
      critical_thinking: 'Some evaluation.',
      originality_and_insight: 'A personal angle in places.',
    },
    grader,
  };
}

/**
 * The tables, service by service, in load order. `now` is the seed's clock (ms); `opts.passwordHash`
 * the argon2 hash every seeded account signs in with.
 */
function tables(s, now, opts) {
  const userId = (u) => uuid7(W.user(s, now, u).joined, KIND.user, u);
  const schoolId = (k) => uuid7(now - 400 * DAY + k * 60_000, KIND.school, k);
  const classId = (c) => uuid7(now - 380 * DAY + c * 1000, KIND.class, c);
  const assignmentId = (a) => uuid7(now - 370 * DAY + a * 1000, KIND.assignment, a);
  const classCount = s.schools * s.classesPerSchool;
  const schoolName = (k) => `Scale School ${k}`;
  const fullName = (p) => `${p.first_name} ${p.last_name}`;
  const users = function* () {
    for (let u = 0; u < s.users; u++) yield W.user(s, now, u);
  };
  const members = function* () {
    for (const p of users()) if (p.school !== null) yield p;
  };
  const rubrics = {
    ee: snapshot(
      SEED_RUBRICS.find((r) => r.key === 'default-ee'),
      uuid7(now - 400 * DAY, KIND.rubric, 0),
    ),
    tok: snapshot(
      SEED_RUBRICS.find((r) => r.key === 'default-tok'),
      uuid7(now - 400 * DAY, KIND.rubric, 1),
    ),
  };
  // each evaluation row holds the same snapshot: serialised once
  const rubricJson = { ee: JSON.stringify(rubrics.ee), tok: JSON.stringify(rubrics.tok) };
  const credits = (p) => (p.role === 'teacher' && p.school === null ? 20 : p.school === null ? 3 : 0);

  /** Evaluations as each service sees them: evaluation's rows, billing's charge lines. */
  const evaluations = function* () {
    const rnd = W.random(34);
    for (let e = 0; e < s.evaluations; e++) {
      const plan = W.evaluationPlan(s, now, e, rnd);
      const owner = W.user(s, now, plan.owner);
      const a = plan.assignment;
      const essayType = a ? a.essay_type : rnd() < 0.7 ? 'ee' : 'tok';
      const r = rnd();
      const status = now - plan.at < 120_000 ? 'processing' : r < 0.985 ? 'completed' : r < 0.995 ? 'failed' : 'refused';
      yield { e, id: uuid7(plan.at, KIND.evaluation, e), plan, owner, a, essayType, status, rnd: rnd() };
    }
  };

  const evaluationRows = function* () {
    const rnd = W.random(3434);
    for (const ev of evaluations()) {
      const { plan, owner, a, status } = ev;
      const rubric = rubrics[ev.essayType];
      const title = a ? `${a.title}: ${TITLES[ev.e % TITLES.length]}` : TITLES[ev.e % TITLES.length];
      const done = status === 'completed';
      const res = done ? results(rubric, rnd, rnd() < 0.7 ? 'builtin' : 'openai') : null;
      const completedAt = done ? plan.at + 20_000 + rnd() * 40_000 : null;
      const c = plan.classIndex === null ? null : W.klass(s, plan.classIndex);
      const aid = a ? assignmentId(plan.classIndex * s.assignmentsPerClass + a.k) : null;
      let review = null;
      let releasedAt = null;
      let approval = 'pending_review';
      if (done && a && (a.release_mode === 'after_review' ? rnd() < 0.8 : rnd() < 0.25)) {
        const teacher = W.user(s, now, W.teacherIndex(s, c.school, c.teacher));
        const reviewedAt = Math.min(now - 1000, completedAt + rnd() * 10 * DAY);
        const criteria = res.criteria.map((k) => {
          const score = Math.max(0, Math.min(k.maxScore, k.score + Math.round((rnd() - 0.5) * 2)));
          return { criterion_id: k.code, name: k.name, score, max_score: k.maxScore, ai_score: k.score, feedback: '' };
        });
        const total = criteria.reduce((n, k) => n + k.score, 0);
        review = {
          reviewer_id: userId(teacher.index),
          reviewer_name: fullName(teacher),
          criteria,
          comment: 'Good progress; see the comments on criterion C.',
          passage_comments: [],
          total,
          max_total: res.maxPoints,
          grade: gradeOf(rubric.scoring_structure.grade_boundaries, (total / res.maxPoints) * 100).grade,
          reviewed_at: iso(reviewedAt),
        };
        releasedAt = a.release_mode === 'immediate' || rnd() < 0.9 ? reviewedAt : null;
        approval = 'approved';
      } else if (done && a && a.release_mode === 'immediate') releasedAt = completedAt;
      yield [
        ev.id,
        userId(owner.index),
        fullName(owner),
        owner.email,
        owner.role,
        `essay-${ev.e}.${ev.e % 3 === 0 ? 'pdf' : 'docx'}`,
        title,
        ev.essayType,
        ev.essayType === 'ee' ? (c?.subject ?? 'History') : '',
        status,
        approval,
        res ? res.totalPoints : null,
        rubric.id,
        rubricJson[ev.essayType],
        `${title}\n\n${EXCERPT}`,
        2800 + Math.floor(ev.rnd * 1200),
        done ? 30 + rnd() * 40 : null,
        done ? 20 + rnd() * 30 : null,
        done ? 100 : status === 'processing' ? 40 : 0,
        status === 'processing' ? 'grading' : null,
        status === 'failed' ? 'The grader did not answer in time' : null,
        res,
        res ? res.grader : null,
        iso(plan.at),
        iso(completedAt ?? plan.at),
        completedAt === null ? null : iso(completedAt),
        `essay:${ev.id}`,
        ev.id,
        plan.school === null ? null : schoolId(plan.school),
        aid,
        c ? classId(c.index) : null,
        c ? schoolId(c.school) : null,
        a ? a.title : null,
        c ? c.name : null,
        a ? a.kind : null,
        a ? a.release_mode : null,
        plan.late,
        review,
        releasedAt === null ? null : iso(releasedAt),
        a ? a.show_ai_marks : false,
        review ? review.reviewer_id : null,
        review ? review.reviewed_at : null,
        review ? review.reviewed_at : null,
      ];
    }
  };

  return [
    {
      service: 'auth',
      table: 'credentials',
      columns: ['user_id', 'email', 'password_hash', 'status', 'role', 'origin', 'created_at', 'updated_at'],
      *rows() {
        for (const p of users()) {
          const origin = p.index === 0 ? 'setup' : p.school !== null ? 'school' : p.role === 'admin' ? 'admin' : 'signup';
          yield [userId(p.index), p.email, opts.passwordHash, 'active', p.role, origin, iso(p.joined), iso(p.joined)];
        }
      },
    },
    {
      service: 'users',
      table: 'accounts',
      columns: ['id', 'email', 'role', 'first_name', 'last_name', 'created_at', 'updated_at'],
      *rows() {
        for (const p of users()) yield [userId(p.index), p.email, p.role, p.first_name, p.last_name, iso(p.joined), iso(p.joined)];
      },
    },
    {
      service: 'users',
      table: 'credit_mirror',
      columns: ['user_id', 'essay_credits', 'max_essay_credits', 'subscription_plan', 'subscription_status', 'version'],
      *rows() {
        for (const p of users()) yield [userId(p.index), credits(p), credits(p), 'free', 'active', 1];
      },
    },
    {
      service: 'users',
      table: 'school_membership',
      columns: ['user_id', 'school_id', 'school_role', 'status', 'version'],
      *rows() {
        for (const p of members()) yield [userId(p.index), schoolId(p.school), p.schoolRole, 'active', 1];
      },
    },
    {
      service: 'users',
      table: 'school_names',
      columns: ['school_id', 'name', 'version'],
      *rows() {
        for (let k = 0; k < s.schools; k++) yield [schoolId(k), schoolName(k), 1];
      },
    },
    {
      service: 'schools',
      table: 'schools',
      columns: ['id', 'name', 'country', 'time_zone', 'settings', 'created_at', 'updated_at'],
      *rows() {
        const zones = ['Europe/London', 'Europe/Madrid', 'America/New_York', 'Asia/Singapore', 'Africa/Lagos'];
        for (let k = 0; k < s.schools; k++) {
          const at = iso(now - 400 * DAY + k * 60_000);
          yield [schoolId(k), schoolName(k), ['GB', 'ES', 'US', 'SG', 'NG'][k % 5], zones[k % 5], DEFAULT_SCHOOL_SETTINGS, at, at];
        }
      },
    },
    {
      service: 'schools',
      table: 'memberships',
      columns: ['user_id', 'school_id', 'email', 'name', 'school_role', 'status', 'joined_by', 'created_at', 'updated_at'],
      *rows() {
        for (const p of members()) {
          yield [userId(p.index), schoolId(p.school), p.email, fullName(p), p.schoolRole, 'active', 'roster', iso(p.joined), iso(p.joined)];
        }
      },
    },
    {
      service: 'schools',
      table: 'classes',
      columns: ['id', 'school_id', 'name', 'subject', 'session', 'join_code', 'created_at', 'updated_at'],
      *rows() {
        for (let c = 0; c < classCount; c++) {
          const k = W.klass(s, c);
          const at = iso(now - 380 * DAY + c * 1000);
          yield [
            classId(c),
            schoolId(k.school),
            k.name,
            k.subject,
            'May 2027',
            `SC${c.toString(36).toUpperCase().padStart(6, '0')}`,
            at,
            at,
          ];
        }
      },
    },
    {
      service: 'schools',
      table: 'class_members',
      columns: ['class_id', 'user_id', 'role', 'added_at'],
      *rows() {
        for (let c = 0; c < classCount; c++) {
          const k = W.klass(s, c);
          const at = iso(now - 370 * DAY);
          yield [classId(c), userId(W.teacherIndex(s, k.school, k.teacher)), 'teacher', at];
          for (let i = 0; i < s.studentsPerClass; i++) {
            yield [classId(c), userId(W.studentIndex(s, k.school, k.local * s.studentsPerClass + i)), 'student', at];
          }
        }
      },
    },
    {
      service: 'schools',
      table: 'assignments',
      columns: [
        'id',
        'class_id',
        'title',
        'essay_type',
        'rubric_id',
        'kind',
        'opens_at',
        'due_at',
        'allow_late',
        'release_mode',
        'show_ai_marks',
        'created_by',
        'created_at',
        'updated_at',
      ],
      *rows() {
        for (let c = 0; c < classCount; c++) {
          const k = W.klass(s, c);
          for (let j = 0; j < s.assignmentsPerClass; j++) {
            const a = W.assignment(s, now, c, j);
            const at = iso(a.opens_at - DAY);
            yield [
              assignmentId(a.index),
              classId(c),
              a.title,
              a.essay_type,
              rubrics[a.essay_type].id,
              a.kind,
              iso(a.opens_at),
              iso(a.due_at),
              true,
              a.release_mode,
              a.show_ai_marks,
              userId(W.teacherIndex(s, k.school, k.teacher)),
              at,
              at,
            ];
          }
        }
      },
    },
    {
      service: 'billing',
      table: 'accounts',
      columns: ['user_id', 'essay_credits', 'max_essay_credits', 'subscription_plan', 'subscription_status', 'created_at'],
      *rows() {
        for (const p of users()) yield [userId(p.index), credits(p), credits(p), 'free', 'active', iso(p.joined)];
      },
    },
    {
      service: 'billing',
      table: 'schools',
      columns: ['school_id', 'name', 'students_may_buy_credits', 'ai_grader_enabled', 'pool_enabled', 'pool_cap_per_student', 'stream_seq'],
      *rows() {
        const d = DEFAULT_SCHOOL_SETTINGS;
        for (let k = 0; k < s.schools; k++)
          yield [schoolId(k), schoolName(k), d.students_may_buy_credits, d.ai_grader_enabled, d.pool_enabled, d.pool_cap_per_student, 1];
      },
    },
    {
      service: 'billing',
      table: 'school_members',
      columns: ['user_id', 'school_id', 'school_role', 'status', 'stream_seq'],
      *rows() {
        for (const p of members()) yield [userId(p.index), schoolId(p.school), p.schoolRole, 'active', 1];
      },
    },
    {
      service: 'billing',
      table: 'school_classes',
      columns: ['class_id', 'school_id', 'pool_cap', 'stream_seq'],
      *rows() {
        for (let c = 0; c < classCount; c++) yield [classId(c), schoolId(W.klass(s, c).school), null, 1];
      },
    },
    {
      service: 'billing',
      table: 'school_pools',
      columns: ['school_id', 'balance', 'granted_total', 'used_total'],
      // filled in after the ledger by the seed (SUMs), see POOL_TOTALS
      *rows() {
        for (let k = 0; k < s.schools; k++) yield [schoolId(k), 0, 0, 0];
      },
    },
    {
      service: 'billing',
      table: 'school_ledger',
      columns: [
        'id',
        'school_id',
        'kind',
        'credits',
        'user_id',
        'charge_key',
        'note',
        'idempotency_key',
        'actor',
        'class_id',
        'created_at',
      ],
      *rows() {
        // a grant per school each term, then a use per school student's charged evaluation
        for (let k = 0; k < s.schools; k++) {
          for (let t = 0; t < 3; t++) {
            const at = now - 360 * DAY + t * 120 * DAY;
            const id = uuid7(at, KIND.schoolLedger, s.evaluations + k * 3 + t);
            yield [id, schoolId(k), 'grant', 4000, null, null, `Term ${t + 1} allowance`, `grant:${id}`, userId(0), null, iso(at)];
          }
        }
        for (const ev of evaluations()) {
          if (ev.plan.school === null || ev.status === 'refused') continue;
          const at = ev.plan.at;
          yield [
            uuid7(at, KIND.schoolLedger, ev.e),
            schoolId(ev.plan.school),
            'use',
            -1,
            userId(ev.owner.index),
            ev.id,
            null,
            `use:${ev.id}`,
            userId(ev.owner.index),
            ev.a ? classId(ev.plan.classIndex) : null,
            iso(at),
          ];
        }
      },
    },
    {
      service: 'billing',
      table: 'ledger',
      columns: ['id', 'user_id', 'evaluation_id', 'kind', 'delta', 'idempotency_key', 'actor', 'created_at'],
      *rows() {
        for (const p of users()) {
          if (p.school !== null) continue;
          const id = uuid7(p.joined, KIND.ledger, s.evaluations + p.index);
          yield [id, userId(p.index), null, 'open', credits(p), `open:${userId(p.index)}`, 'system', iso(p.joined)];
        }
        for (const ev of evaluations()) {
          if (ev.plan.school !== null || ev.status === 'refused') continue;
          yield [
            uuid7(ev.plan.at, KIND.ledger, ev.e),
            userId(ev.owner.index),
            ev.id,
            'consume',
            -1,
            `consume:${ev.id}`,
            userId(ev.owner.index),
            iso(ev.plan.at),
          ];
        }
      },
    },
    {
      service: 'billing',
      table: 'purchases',
      columns: [
        'id',
        'user_id',
        'plan',
        'credits',
        'amount_cents',
        'currency',
        'provider',
        'provider_session_id',
        'status',
        'success_url',
        'cancel_url',
        'created_at',
        'updated_at',
      ],
      *rows() {
        // one individual in four bought a pack (paid; a few abandoned)
        for (let i = 0; i < s.individuals; i += 4) {
          const p = W.user(s, now, s.platformAdmins + s.schoolUsers + i);
          const at = p.joined + DAY;
          const id = uuid7(at, KIND.purchase, i);
          yield [
            id,
            userId(p.index),
            'basic',
            10,
            1900,
            'usd',
            'local',
            `local_${id}`,
            i % 40 === 0 ? 'cancelled' : 'paid',
            'https://app.example/ok',
            'https://app.example/cancel',
            iso(at),
            iso(at),
          ];
        }
      },
    },
    {
      service: 'links',
      table: 'links',
      columns: ['id', 'title', 'url', 'description', 'category', 'featured', 'created_at', 'updated_at'],
      *rows() {
        const cats = ['academic', 'resource', 'tool', 'reference', 'youtube', 'instagram'];
        for (let l = 0; l < s.links; l++) {
          const at = iso(now - 380 * DAY + l * DAY);
          yield [
            uuid7(now - 380 * DAY + l * DAY, KIND.link, l),
            `Link ${l}`,
            `https://example.org/resource/${l}`,
            'A resource for IB essays',
            cats[l % cats.length],
            l < 4,
            at,
            at,
          ];
        }
      },
    },
    {
      service: 'links',
      table: 'clicks_daily',
      columns: ['link_id', 'day', 'clicks'],
      *rows() {
        const rnd = W.random(77);
        for (let l = 0; l < s.links; l++) {
          const id = uuid7(now - 380 * DAY + l * DAY, KIND.link, l);
          for (let d = 0; d < 365; d++)
            yield [id, new Date(now - d * DAY).toISOString().slice(0, 10), Math.floor(rnd() * 60 * (1 + (l % 5)))];
        }
      },
    },
    {
      service: 'evaluation',
      table: 'user_directory',
      columns: ['user_id', 'email', 'first_name', 'last_name', 'role', 'created_at'],
      *rows() {
        for (const p of users()) yield [userId(p.index), p.email, p.first_name, p.last_name, p.role, iso(p.joined)];
      },
    },
    {
      service: 'evaluation',
      table: 'evaluations',
      columns: [
        'id',
        'user_id',
        'user_name',
        'user_email',
        'user_type',
        'file_name',
        'title',
        'essay_type',
        'subject_area',
        'status',
        'approval_status',
        'overall_score',
        'rubric_id',
        'rubric',
        'essay_text',
        'word_count',
        'processing_time',
        'evaluation_time',
        'progress',
        'stage',
        'error_message',
        'results',
        'grader',
        'created_at',
        'updated_at',
        'completed_at',
        'content_key',
        'charge_key',
        'school_id',
        'assignment_id',
        'class_id',
        'class_school_id',
        'assignment_title',
        'class_name',
        'assignment_kind',
        'release_mode',
        'late',
        'teacher_review',
        'released_at',
        'show_ai_marks',
        'reviewed_by',
        'reviewed_at',
        'decided_at',
      ],
      rows: evaluationRows,
      big: true,
    },
  ];
}

/** After the ledger: each pool's totals from its lines (balance = granted - used, never below 0). */
const POOL_TOTALS = `
  UPDATE school_pools p SET granted_total = t.granted, used_total = t.used, balance = greatest(0, t.granted - t.used)
  FROM (SELECT school_id, sum(credits) FILTER (WHERE kind = 'grant') AS granted, -sum(credits) FILTER (WHERE kind IN ('use', 'refund')) AS used
        FROM school_ledger GROUP BY school_id) t
  WHERE t.school_id = p.school_id`;

/** The accounts the scale bench signs in as (all seeded accounts share the seed's password). */
function benchAccounts(s) {
  const now = 0; // e-mails do not depend on the clock
  return {
    platformAdmin: W.user(s, now, 0).email,
    schoolAdmin: W.user(s, now, W.schoolAdminIndex(s, 0)).email,
    teacher: W.user(s, now, W.teacherIndex(s, 0, 0)).email,
    student: W.user(s, now, W.studentIndex(s, 0, 0)).email,
  };
}

module.exports = { tables, POOL_TOTALS, benchAccounts };
