import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, type RpcRequest, type RpcResponse, Rpc } from '@corestone/contracts';
import { HttpError, badRequest, conflict } from '@corestone/service-kit';
import { normalizeEmail, splitFullName } from '../domain/validation';
import type { Accounts } from './accounts';

type ProvisionRequest = RpcRequest<typeof Rpc.authProvisionUser>;
type ProvisionReply = RpcResponse<typeof Rpc.authProvisionUser>;
type BatchRequest = RpcRequest<typeof Rpc.authProvisionUsers>;
type BatchReply = RpcResponse<typeof Rpc.authProvisionUsers>;

/** One-by-one provisions (existing or half-made accounts, repeated e-mails) of one provision_users batch in flight at once. */
const BATCH_CONCURRENCY = 32;

/**
 * `rpc.auth.provision_user` and `rpc.auth.provision_users` (a school's invitation or roster rows):
 * the account for an e-mail, made when there is none. An existing account (e-mail matched
 * case-insensitively) answers its id and is left exactly as it is — role, password, activation. A
 * new one gets the requested platform role and no password, and its activation writes
 * `auth.invitation_requested.v1` in the same transaction; the invitation consumer
 * (messaging/invitations.ts) sends the school's "set your password" mail shortly after the answer.
 * Concurrent requests for one e-mail make one account: the credential's claim (accounts.ts) lets
 * exactly one of them activate it, and only that one queues an invitation.
 */
export class Provisioning {
  constructor(
    private readonly accounts: Accounts,
    private readonly mailEnabled: boolean,
    private readonly log: FastifyBaseLogger,
  ) {}

  async provision(req: ProvisionRequest): Promise<ProvisionReply> {
    const email = normalizeEmail(req.email);
    const { first_name, last_name } = splitFullName(req.name);
    if (!first_name) throw badRequest('Name is required');
    if (!this.mailEnabled) {
      // Without the mail a new account could never get a password: refuse before creating anything.
      const existing = await this.accounts.findUserIdByEmail(email);
      if (existing) return { user_id: existing, created: false };
      throw conflict('E-mail is turned off on this platform (MAIL_DISABLED): new accounts cannot be invited', 'MAIL_DISABLED');
    }
    const made = await this.accounts.createOrFind({
      email,
      password: null,
      role: req.platform_role,
      origin: 'school',
      profile: { first_name, last_name },
      invitedBySchool: req.invited_by_school,
      invitedBySchoolLocale: req.invited_by_school_locale,
    });
    if (!made.created) return { user_id: made.userId, created: false };
    this.log.info({ userId: made.user.id, role: made.user.role }, 'account provisioned for a school');
    return { user_id: made.user.id, created: true };
  }

  /**
   * Each item as `provision` answers it, in order; one item's refusal is that item's answer. The
   * batch's e-mails without a credential are made together (accounts.createSchoolAccounts: one
   * statement for their pending credentials, one users.create_many, one transaction activating
   * them with their invitations); the others — existing or half-made
   * accounts, an e-mail repeated in the batch, every item with MAIL_DISABLED — go through
   * `provision`, BATCH_CONCURRENCY at a time.
   */
  async provisionMany(req: BatchRequest): Promise<BatchReply> {
    const results: BatchReply['results'] = new Array(req.users.length);
    const refusal = (err: unknown): BatchReply['results'][number] => {
      if (err instanceof HttpError) return { ok: false, code: err.code, detail: err.detail, status: err.statusCode };
      this.log.error({ err }, 'provisioning a batch item failed');
      return { ok: false, code: Codes.INTERNAL, detail: Messages.INTERNAL, status: 500 };
    };
    const fresh = new Map<string, { i: number; role: 'student' | 'teacher'; profile: { first_name: string; last_name: string } }>();
    const oneByOne: number[] = [];
    req.users.forEach((item, i) => {
      try {
        const email = normalizeEmail(item.email);
        const profile = splitFullName(item.name);
        if (!profile.first_name) throw badRequest('Name is required');
        if (this.mailEnabled && !fresh.has(email)) fresh.set(email, { i, role: item.platform_role, profile });
        else oneByOne.push(i);
      } catch (err) {
        results[i] = refusal(err);
      }
    });
    const made = await this.accounts.createSchoolAccounts(
      [...fresh].map(([email, f]) => ({ email, role: f.role, profile: f.profile })),
      { schoolName: req.invited_by_school, schoolLocale: req.invited_by_school_locale },
    );
    for (const [email, f] of fresh) {
      const answer = made.get(email)!;
      if ('taken' in answer) oneByOne.push(f.i);
      else if ('error' in answer) results[f.i] = refusal(answer.error);
      else if (answer.created) results[f.i] = { ok: true, user_id: answer.userId, created: true };
      else results[f.i] = { ok: true, user_id: answer.userId, created: false };
    }
    const created = [...made.values()].filter((a) => 'created' in a && a.created).length;
    if (created) this.log.info({ created, school: req.invited_by_school }, 'accounts provisioned for a school');
    let next = 0;
    const worker = async () => {
      while (next < oneByOne.length) {
        const i = oneByOne[next++]!;
        const item = req.users[i]!;
        try {
          results[i] = {
            ok: true,
            ...(await this.provision({
              ...item,
              invited_by_school: req.invited_by_school,
              invited_by_school_locale: req.invited_by_school_locale,
            })),
          };
        } catch (err) {
          results[i] = refusal(err);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, oneByOne.length) }, worker));
    return { results };
  }
}
