import type { FastifyBaseLogger } from 'fastify';
import { Codes, Messages, Rpc, FREE_PLAN_CREDITS, type RpcResponse, type User } from '@corestone/contracts';
import { HttpError, badRequest, conflict, isUuid, serveRpc, type Bus } from '@corestone/service-kit';
import { userNotFound, type AccountStore, type NewAccount } from '../store/accounts';
import { mirroredSchool, toUser } from '../domain/view';
import type { BillingLink } from '../peers/billing';
import type { UserViews } from '../app/views';

/** The User view: one read of the account and its mirrors, read-your-writes for credits and school (UserViews). */
async function currentView(store: AccountStore, views: UserViews, userId: string): Promise<User> {
  return views.view(userId, async () => {
    const found = await store.get(userId);
    if (!found) throw userNotFound();
    return found;
  });
}

export function serveUsersRpc(bus: Bus, store: AccountStore, billing: BillingLink, views: UserViews, log: FastifyBaseLogger) {
  return [
    serveRpc(bus, Rpc.usersGetView, async ({ user_id }) => ({ user: await currentView(store, views, user_id) }), log),
    // billing's POST /subscription/use-message: the same counter as /users/increment-message-count
    serveRpc(bus, Rpc.usersCountMessage, async ({ user_id, unlimited }) => store.incrementMessages(user_id, { unlimited }), log),
    serveRpc(
      bus,
      Rpc.usersCreate,
      async (req) => {
        const record = newAccount(req);
        if (req.essay_credits !== undefined && req.essay_credits < 0) throw badRequest('essay_credits: must be 0 or more');
        if (req.max_essay_credits !== undefined && req.max_essay_credits < -1) throw badRequest('max_essay_credits: must be -1 or more');
        const { found } = await store.create(record);
        if (req.essay_credits === undefined && req.max_essay_credits === undefined) {
          return { user: toUser(found.account, (await billing.live(req.user_id)) ?? found.credits, mirroredSchool(found.school)) };
        }
        // Setting is idempotent: a retried create (billing was down the first time) sets them again.
        const essay = req.essay_credits ?? FREE_PLAN_CREDITS;
        const max = req.max_essay_credits ?? Math.max(FREE_PLAN_CREDITS, essay);
        const account = await billing.setCredits(req.user_id, essay, max);
        return { user: toUser(found.account, account, mirroredSchool(found.school)) };
      },
      log,
    ),
    // auth's provision_users: a roster batch's new records in one transaction, each item answered on its own.
    serveRpc(
      bus,
      Rpc.usersCreateMany,
      async (req) => {
        const results: RpcResponse<typeof Rpc.usersCreateMany>['results'] = new Array(req.users.length);
        const valid: Array<{ i: number; account: NewAccount }> = [];
        req.users.forEach((item, i) => {
          try {
            valid.push({ i, account: newAccount(item) });
          } catch (err) {
            results[i] = refusalOf(err);
          }
        });
        const made = await store.createMany(valid.map((v) => v.account));
        valid.forEach((v, k) => {
          const r = made[k];
          results[v.i] = r ? { ok: true, ...r } : refusalOf(conflict(Messages.EMAIL_EXISTS, Codes.EMAIL_EXISTS));
        });
        return { results };
      },
      log,
    ),
  ];
}

/** The account record a create asks for, checked and trimmed (one item of a batch alike). */
function newAccount(req: { user_id: string; email: string; first_name: string; last_name: string; role: NewAccount['role'] }): NewAccount {
  if (!isUuid(req.user_id)) throw badRequest('user_id: must be a UUIDv7');
  if ([req.email, req.first_name, req.last_name].some((t) => t.includes('\u0000'))) {
    throw badRequest('Text must not contain NUL characters');
  }
  const email = req.email.trim();
  if (!email || !email.includes('@')) throw badRequest(Messages.EMAIL_REQUIRED);
  return { user_id: req.user_id, email, first_name: req.first_name.trim(), last_name: req.last_name.trim(), role: req.role };
}

/** One batch item's refusal as its answer (an unexpected failure fails the whole batch). */
function refusalOf(err: unknown): { ok: false; code: string; detail: string; status: number } {
  if (!(err instanceof HttpError)) throw err;
  return { ok: false, code: err.code, detail: err.detail, status: err.statusCode };
}
