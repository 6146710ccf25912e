import { Rpc, type EmailNotifications, type Locale, type RpcResponse } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/** Most users one rpc.users.email_notifications asks about (its request's maxItems). */
const MAIL_CHOICES_BATCH = 5000;

export type RubricAnswer = RpcResponse<typeof Rpc.rubricGetSnapshot>;
export interface MailChoice {
  user_id: string;
  email: string;
  name: string;
  email_notifications: EmailNotifications;
  /** Issue 36: the student's own language and their school's default (null: none). */
  locale?: Locale | null;
  school_default_locale?: Locale | null;
}

/**
 * What assignments ask other services (issue 31): rubric — the rubric an assignment names (active,
 * of the essay type); evaluation — who has submitted into an assignment (the "due in 24 h" mail
 * goes to the others); users — each student's e-mail, name and mail switches.
 */
export class AssignmentPeers {
  constructor(
    private readonly bus: Bus,
    private readonly timeoutMs: number,
  ) {}

  /** The rubric's snapshot and whether it takes submissions; 404 RUBRIC_NOT_FOUND as rubric answers it. */
  rubric(rubricId: string): Promise<RubricAnswer> {
    return callRpc(this.bus, Rpc.rubricGetSnapshot, { rubric_id: rubricId }, { timeoutMs: this.timeoutMs });
  }

  async submitters(assignmentId: string): Promise<Set<string>> {
    const { user_ids } = await callRpc(
      this.bus,
      Rpc.evaluationAssignmentSubmitters,
      { assignment_id: assignmentId },
      { timeoutMs: this.timeoutMs },
    );
    return new Set(user_ids);
  }

  /** Mail choices of these users (deleted accounts are left out of the answer). */
  async mailChoices(userIds: readonly string[]): Promise<Map<string, MailChoice>> {
    const out = new Map<string, MailChoice>();
    for (let i = 0; i < userIds.length; i += MAIL_CHOICES_BATCH) {
      const { users } = await callRpc(
        this.bus,
        Rpc.usersEmailNotifications,
        { user_ids: userIds.slice(i, i + MAIL_CHOICES_BATCH) },
        { timeoutMs: this.timeoutMs },
      );
      for (const u of users) out.set(u.user_id, u);
    }
    return out;
  }
}
