import { Rpc, resolveLocale, type Locale, type RpcRequest, type User } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/** Auth's questions to the users service (request/reply over NATS; passwords never travel here). */
export class UsersClient {
  constructor(private readonly bus: Bus) {}

  /** Creates the account record; idempotent by user_id, so a retried sign-up completes. */
  async create(request: RpcRequest<typeof Rpc.usersCreate>): Promise<User> {
    return (await callRpc(this.bus, Rpc.usersCreate, request)).user;
  }

  /**
   * Creates a batch's account records in one request (at most PROVISION_BATCH_MAX): each item's
   * id, role and activation and whether this call made it, or its refusal, in order.
   */
  async createMany(users: RpcRequest<typeof Rpc.usersCreateMany>['users']) {
    return (await callRpc(this.bus, Rpc.usersCreateMany, { users })).results;
  }

  /** The one public User shape (credits read live from billing). */
  async getView(userId: string): Promise<User> {
    return (await callRpc(this.bus, Rpc.usersGetView, { user_id: userId })).user;
  }

  /**
   * The language of the user's mails (issue 36): their own choice, else `school` (the inviting
   * school's default: users may not have heard the new membership yet), else their school's
   * default, else English.
   */
  async mailLocale(userId: string, school?: Locale): Promise<Locale> {
    const user = await this.getView(userId);
    return resolveLocale(user.locale, school ?? user.school?.default_locale);
  }
}
