import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Subscription } from '@nats-io/transport-node';
import {
  Codes,
  Events,
  type Assignment,
  Messages,
  Rpc,
  type EventEnvelope,
  type Locale,
  type Results,
  type Role,
  type RubricSnapshot,
  type User,
} from '@corestone/contracts';
import { HttpError, loadConfig, newId, notFound, publishEvent, serveRpc, type Bus } from '@corestone/service-kit';
import { createTestRun, createTestTokens, storedEvents, testUserView } from '@corestone/service-kit/testing';
import { EvaluationConfig } from '../src/config';
import { startService } from '../src/start';
import { multipart } from './fixtures';

const structure = (total: number): RubricSnapshot['scoring_structure'] => ({
  total_points: total,
  criteria: [{ code: 'A', name: 'Focus', maxScore: total, weight: 1 }],
  grade_boundaries: [{ grade: 'A', min_percentage: 0, max_percentage: 100, description: 'Any' }],
  scoring_method: 'weighted_sum',
  pass_threshold: 50,
});

/**
 * The evaluation service as server.ts starts it (startService; the sweeper off unless a test sets
 * SWEEP_INTERVAL_MS), on the real Postgres, NATS and Redis of a fresh test run, with small
 * stand-ins answering the rubric, users and billing RPCs (billing: an in-memory ledger,
 * idempotent by evaluation id, that can lose its replies or go away).
 */
export async function startHarness(label: string, env: Record<string, string> = {}) {
  const run = createTestRun(label);
  /** Review mails are written here (the kit's Mailer without SMTP_URL): test/review-student.int.test.ts reads them. */
  const mailDir = path.join(os.tmpdir(), `evaluation-mail-${run.id}`);
  const config = loadConfig(EvaluationConfig, {
    ...run.env,
    MAIL_DIR: mailDir,
    CREDIT_RPC_TIMEOUT_MS: '500',
    LOOKUP_RPC_TIMEOUT_MS: '3000',
    SWEEP_INTERVAL_MS: '0',
    SSE_POLL_MS: '50',
    ...env,
  });
  const tokens = await createTestTokens();
  const service = await startService(config, { verify: tokens.verify }).catch(async (err) => {
    await run.cleanup();
    throw err;
  });
  const { app, store, charging, relay, lookups } = service;
  const { db, bus } = service.infra;

  // --- stand-ins ---
  const rubrics = {
    ee: { id: newId(), title: 'EE rubric', rubric_type: 'ee', scoring_structure: structure(34) } as RubricSnapshot,
    tok: { id: newId(), title: 'TOK rubric', rubric_type: 'tok', scoring_structure: structure(10) } as RubricSnapshot,
    eeDraft: { id: newId(), title: 'EE draft', rubric_type: 'ee', scoring_structure: structure(34) } as RubricSnapshot,
  };
  /** Rubrics the stand-in answers `is_active: false` for. */
  const inactive = new Set([rubrics.eeDraft.id]);
  const users = new Map<string, User>();
  /** The grader the grading stand-in says is in force. */
  const graderInForce = { name: 'builtin' };
  /** The schools the schools stand-in answers for (issue 31): classes, staff, students, assignments. */
  const schools = new SchoolsWorld();
  /** How often each look-up stand-in was asked. */
  const asked = { rubric: 0, users: 0 };
  const ledger = {
    credits: new Map<string, number>(),
    charges: new Map<string, string>(),
    /** The class_id each charge key was sent with (issue 30: pool use per class). */
    classes: new Map<string, string | undefined>(),
    calls: 0,
    loseReplies: false,
    held: [] as Array<() => void>,
  };
  const subs: Subscription[] = [
    serveRpc(
      bus,
      Rpc.rubricGetSnapshot,
      async ({ rubric_id }) => {
        asked.rubric++;
        const r = Object.values(rubrics).find((x) => x.id === rubric_id);
        if (!r) throw notFound(Messages.RUBRIC_NOT_FOUND, Codes.RUBRIC_NOT_FOUND);
        return { rubric: r, is_active: !inactive.has(r.id) };
      },
      app.log,
    ),
    // grading's answer to which grader is in force (re-submission reuse needs a result by it)
    serveRpc(bus, Rpc.gradingGrader, async () => ({ grader: graderInForce.name }), app.log),
    serveRpc(
      bus,
      Rpc.usersGetView,
      async ({ user_id }) => {
        asked.users++;
        const user = users.get(user_id);
        if (!user) throw notFound(Messages.USER_NOT_FOUND);
        return { user };
      },
      app.log,
    ),
  ];
  subs.push(...schoolsStandIn(bus, schools, users, app.log));
  let billingSub: Subscription | null = null;
  const billingUp = () => {
    billingSub = serveRpc(
      bus,
      Rpc.billingConsumeCredit,
      async ({ user_id, evaluation_id, class_id }) => {
        ledger.calls++;
        ledger.classes.set(evaluation_id, class_id);
        if (!ledger.charges.has(evaluation_id)) {
          const left = ledger.credits.get(user_id) ?? 0;
          if (left <= 0) throw new HttpError(403, Codes.NO_CREDITS, Messages.NO_CREDITS);
          ledger.credits.set(user_id, left - 1);
          ledger.charges.set(evaluation_id, user_id);
        }
        // A lost reply: the charge is made, the answer arrives after the caller gave up.
        if (ledger.loseReplies) await new Promise<void>((r) => ledger.held.push(r));
        const credits = ledger.credits.get(user_id) ?? 0;
        return {
          account: {
            user_id,
            essay_credits: credits,
            max_essay_credits: 5,
            subscription_plan: 'free',
            subscription_status: 'active',
            version: 1,
          },
          charged: true,
        };
      },
      app.log,
    );
  };
  const billingDown = async () => {
    billingSub?.unsubscribe();
    billingSub = null;
    await bus.nc.flush();
  };
  billingUp();
  await bus.nc.flush();

  async function user(role: Role, credits = 5, name = 'Test User') {
    const id = newId();
    const [first_name, ...rest] = name.split(' ');
    users.set(
      id,
      testUserView({
        id,
        email: `${id}@example.com`,
        name,
        first_name,
        last_name: rest.join(' '),
        role,
        essay_credits: credits,
        max_essay_credits: credits,
      }),
    );
    ledger.credits.set(id, credits);
    const token = await tokens.sign(id, role);
    return { id, email: `${id}@example.com`, name, headers: { authorization: `Bearer ${token}` } };
  }

  /** POST /evaluation/evaluate-async as the caller of `headers`, with these form fields and one file. */
  function submitEssay(headers: Record<string, string>, fields: Record<string, string>, file: Parameters<typeof multipart>[1]) {
    const body = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: '/evaluation/evaluate-async',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  /** Grading reports `id` completed with `graded`; resolves once the stored row says completed. */
  async function completeGrading(id: string, graded: Results, processingMs = 5) {
    await publishEvent(bus, Events.gradingCompleted, {
      evaluation_id: id,
      results: graded,
      grader: 'builtin',
      processing_ms: processingMs,
    });
    await until(
      () => store.getVisible(id),
      (row) => row?.status === 'completed',
    );
  }

  /** Every event of one type now in the run's evaluation stream (after the outbox is flushed). */
  async function streamEvents<T = unknown>(type: string): Promise<Array<EventEnvelope<T>>> {
    await relay.flush();
    return (await storedEvents<T>(bus, 'evaluation')).filter((event) => event.type === type);
  }

  async function close() {
    ledger.held.splice(0).forEach((r) => r());
    subs.forEach((s) => s.unsubscribe());
    billingSub?.unsubscribe();
    await service.stop();
    await run.cleanup();
    fs.rmSync(mailDir, { recursive: true, force: true });
  }

  return {
    run,
    config,
    mailDir,
    app,
    store,
    charging,
    bus: bus as Bus,
    db,
    relay,
    lookups,
    rubrics: rubrics as Record<string, RubricSnapshot> & typeof rubrics,
    inactive,
    graderInForce,
    users,
    asked,
    ledger,
    billingUp,
    billingDown,
    user,
    schools,
    submitEssay,
    completeGrading,
    streamEvents,
    close,
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Re-reads until the value satisfies `ok` (bounded number of tries; no timing is asserted). */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, tries = 400): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !ok(v); i++) {
    await sleep(25);
    v = await read();
  }
  return v;
}

export function results(total: number, max: number): Results {
  return {
    overallGrade: 'B',
    overallBand: 'Good',
    totalPoints: total,
    maxPoints: max,
    percentage: Math.round((total / max) * 100),
    criteria: [
      {
        code: 'A',
        name: 'Focus',
        score: total,
        maxScore: max,
        band: 'Good',
        feedback: 'Clear focus.',
        weight: 1,
        strengths: ['s'],
        improvements: ['i'],
      },
    ],
    overallSummary: {
      holisticCommentary: 'A solid essay.',
      nextSteps: ['Refine the research question', 'Add counter-claims'],
      strengths: ['Structure'],
      improvements: ['Add counter-claims', 'Cite more sources'],
    },
    insight_feedback: {
      clarity_and_cohesion: 'ok',
      argument_and_evidence: 'ok',
      grammar_and_mechanics: 'ok',
      critical_thinking: 'ok',
      originality_and_insight: 'ok',
    },
    grader: 'builtin',
  };
}

/** A class as the schools stand-in keeps it. */
interface StandInClass {
  id: string;
  school_id: string;
  name: string;
  archived: boolean;
  teachers: Set<string>;
  students: Set<string>;
}

/**
 * What the schools service answers evaluation (issue 31), in memory: schools with admins, classes
 * with teachers and students, assignments; and users' mail choices (`mailOff`: result_released off).
 */
export class SchoolsWorld {
  readonly admins = new Map<string, Set<string>>();
  readonly classes = new Map<string, StandInClass>();
  readonly assignments = new Map<string, Assignment>();
  readonly mailOff = new Set<string>();
  /** Users' languages (issue 36) as users answers them with the mail choices. */
  readonly languages = new Map<string, { locale: Locale | null; school_default_locale: Locale | null }>();
  asked = 0;

  school(adminIds: string[] = []): string {
    const id = newId();
    this.admins.set(id, new Set(adminIds));
    return id;
  }

  klass(schoolId: string, teachers: string[], students: string[], name = 'Class'): string {
    const id = newId();
    this.classes.set(id, { id, school_id: schoolId, name, archived: false, teachers: new Set(teachers), students: new Set(students) });
    return id;
  }

  assignment(classId: string, rubricId: string, over: Partial<Assignment> = {}): Assignment {
    const c = this.classes.get(classId)!;
    const now = new Date();
    const a: Assignment = {
      id: newId(),
      class_id: classId,
      school_id: c.school_id,
      class_name: c.name,
      title: 'Assignment',
      instructions: '',
      essay_type: 'ee',
      rubric_id: rubricId,
      kind: 'final',
      opens_at: null,
      due_at: new Date(now.getTime() + 7 * 86400_000).toISOString(),
      time_zone: 'Europe/London',
      allow_late: true,
      release_mode: 'after_review',
      show_ai_marks: false,
      created_by: [...c.teachers][0] ?? 'someone',
      archived_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      ...over,
    };
    this.assignments.set(a.id, a);
    return a;
  }
}

function schoolsStandIn(bus: Bus, w: SchoolsWorld, users: Map<string, User>, log: Parameters<typeof serveRpc>[3]): Subscription[] {
  const ref = (id: string) => {
    const u = users.get(id);
    return { user_id: id, name: u?.name ?? '', email: u?.email ?? '' };
  };
  return [
    serveRpc(
      bus,
      Rpc.schoolsClassAccess,
      async ({ class_id, user_id }) => {
        w.asked++;
        const c = w.classes.get(class_id);
        if (!c) return { class: null, is_teacher: false, is_student: false, is_school_admin: false };
        return {
          class: { id: c.id, school_id: c.school_id, name: c.name, archived: c.archived },
          is_teacher: c.teachers.has(user_id),
          is_student: c.students.has(user_id),
          is_school_admin: w.admins.get(c.school_id)?.has(user_id) ?? false,
        };
      },
      log,
    ),
    serveRpc(
      bus,
      Rpc.schoolsSchoolAccess,
      async ({ school_id, user_id }) => ({
        exists: w.admins.has(school_id),
        is_school_admin: w.admins.get(school_id)?.has(user_id) ?? false,
        teacher_class_ids: [...w.classes.values()].filter((c) => c.school_id === school_id && c.teachers.has(user_id)).map((c) => c.id),
      }),
      log,
    ),
    serveRpc(
      bus,
      Rpc.schoolsAssignment,
      async ({ assignment_id, user_id }) => {
        const a = w.assignments.get(assignment_id) ?? null;
        return { assignment: a, is_student: !!a && (w.classes.get(a.class_id)?.students.has(user_id) ?? false) };
      },
      log,
    ),
    serveRpc(
      bus,
      Rpc.schoolsAssignmentsOfStudent,
      async ({ user_id }) => ({
        assignments: [...w.assignments.values()].filter((a) => !a.archived_at && w.classes.get(a.class_id)?.students.has(user_id)),
      }),
      log,
    ),
    serveRpc(
      bus,
      Rpc.schoolsClassRoster,
      async ({ class_id }) => {
        const c = w.classes.get(class_id);
        return {
          students: c ? [...c.students].map(ref) : [],
          assignments: [...w.assignments.values()].filter((a) => a.class_id === class_id),
        };
      },
      log,
    ),
    serveRpc(
      bus,
      Rpc.usersEmailNotifications,
      async ({ user_ids }) => ({
        users: user_ids
          .filter((id) => users.has(id))
          .map((id) => ({
            ...ref(id),
            email_notifications: { assignment_opened: true, assignment_due_soon: true, result_released: !w.mailOff.has(id) },
            ...(w.languages.get(id) ?? {}),
          })),
      }),
      log,
    ),
  ];
}
