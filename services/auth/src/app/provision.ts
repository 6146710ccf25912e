import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, type RpcRequest, type RpcResponse, Rpc } from '@corestone/contracts';
import { HttpError, badRequest, conflict } from '@corestone/service-kit';
import { normalizeEmail, splitFullName } from '../domain/validation';
import type { Accounts } from './accounts';

type ProvisionRequest = RpcRequest<typeof Rpc.authProvisionUser>;
type ProvisionReply = RpcResponse<typeof Rpc.authProvisionUser>;
type BatchRequest = RpcRequest<typeof Rpc.authProvisionUsers>;
type BatchReply = RpcResponse<typeof Rpc.authProvisionUsers>;

/** Items of one provision_users batch worked on at once (each is a users.create round trip when new). */
const BATCH_CONCURRENCY = 16;

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
    });
    if (!made.created) return { user_id: made.userId, created: false };
    this.log.info({ userId: made.user.id, role: made.user.role }, 'account provisioned for a school');
    return { user_id: made.user.id, created: true };
  }

  /** Each item as `provision` answers it, in order; one item's refusal is that item's answer. */
  async provisionMany(req: BatchRequest): Promise<BatchReply> {
    const results: BatchReply['results'] = new Array(req.users.length);
    let next = 0;
    const worker = async () => {
      while (next < req.users.length) {
        const i = next++;
        const item = req.users[i]!;
        try {
          results[i] = { ok: true, ...(await this.provision({ ...item, invited_by_school: req.invited_by_school })) };
        } catch (err) {
          if (err instanceof HttpError) {
            results[i] = { ok: false, code: err.code, detail: err.detail, status: err.statusCode };
          } else {
            this.log.error({ err }, 'provisioning a batch item failed');
            results[i] = { ok: false, code: Codes.INTERNAL, detail: Messages.INTERNAL, status: 500 };
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, req.users.length) }, worker));
    return { results };
  }
}
