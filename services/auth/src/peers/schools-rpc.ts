import { Rpc, type RpcRequest, type SsoSchool } from '@corestone/contracts';
import { callRpc, type Bus } from '@corestone/service-kit';

/** Auth's questions to the schools service at an SSO sign-in (issue 32). */
export class SchoolsClient {
  constructor(private readonly bus: Bus) {}

  /** The school that verified this Google Workspace domain or Microsoft tenant; null when none. */
  async ssoSchool(key: { domain: string } | { tenant_id: string }): Promise<SsoSchool | null> {
    return (await callRpc(this.bus, Rpc.schoolsSsoSchool, key)).school;
  }

  /** Makes the account a member of the school its SSO vouched for (409 IN_ANOTHER_SCHOOL). */
  async admit(request: RpcRequest<typeof Rpc.schoolsSsoAdmit>) {
    return callRpc(this.bus, Rpc.schoolsSsoAdmit, request);
  }
}
