import type {
  LtiDeepLinkingRequest,
  LtiDeepLinkingResponse,
  LtiPlatform,
  LtiPlatformList,
  LtiPlatformRequest,
  AiEndpointTestResult,
  SchoolAiEndpoint,
  SchoolAiEndpointInput,
  AddSchoolMemberRequest,
  AddSchoolMemberResponse,
  ClassMember,
  ClassMemberList,
  ClassRole,
  CreateClassRequest,
  CreateSchoolRequest,
  JoinClassResponse,
  MySchool,
  RosterImportList,
  RosterImportResult,
  RosterImportStatus,
  School,
  SchoolClass,
  SchoolClassList,
  SchoolActivity,
  SchoolCreditGrantResult,
  SchoolCredits,
  SchoolList,
  SchoolMember,
  SchoolMemberList,
  SchoolRole,
  UpdateClassRequest,
  UpdateSchoolMemberRequest,
  UpdateSchoolRequest,
  MembershipStatus,
} from '@corestone/contracts';
import type { Transport } from '../transport';
import type { SessionUser } from '../user';

const schoolPath = (id: string, rest = '') => `/schools/${encodeURIComponent(id)}${rest}`;

/** A roster upload's multipart body: each file as a `files` part. */
function rosterForm(files: readonly RosterFile[]): FormData {
  const fd = new FormData();
  files.forEach((f, i) => fd.append('files', f, f.name ?? `roster-${i + 1}.csv`));
  return fd;
}
const classPath = (id: string, rest = '') => `/classes/${encodeURIComponent(id)}${rest}`;

export interface SchoolMemberFilter {
  role?: SchoolRole;
  status?: MembershipStatus;
  search?: string;
  limit?: number;
  offset?: number;
}

/** A file of a roster upload (a browser File, or a Blob with its name). */
export type RosterFile = Blob & { name?: string };

/** Is the user an active school admin of their school (issue 30)? They manage it in the back office's School area. */
export function isSchoolAdmin(user: Pick<SessionUser, 'school'> | null | undefined): boolean {
  return !!user?.school && user.school.role === 'school_admin' && user.school.status === 'active';
}

/**
 * `/schools/*` and `/classes/*` (schools service, issue 30) and a school's credit pool
 * (`/schools/{id}/credits`, billing). The server decides who may do what (tenancy).
 */
export class SchoolsApi {
  constructor(private readonly t: Transport) {}

  list(query: { search?: string; limit?: number; offset?: number } = {}): Promise<SchoolList> {
    return this.t.request<SchoolList>('/schools', { query: { ...query } });
  }

  create(input: CreateSchoolRequest): Promise<School> {
    return this.t.request<School>('/schools', { method: 'POST', json: input });
  }

  get(id: string): Promise<School> {
    return this.t.request<School>(schoolPath(id));
  }

  update(id: string, input: UpdateSchoolRequest): Promise<School> {
    return this.t.request<School>(schoolPath(id), { method: 'PATCH', json: input });
  }

  /** The caller's school, school role and classes (school null for an individual account). */
  mine(): Promise<MySchool> {
    return this.t.request<MySchool>('/schools/mine');
  }

  acceptInvitation(): Promise<MySchool> {
    return this.t.request<MySchool>('/schools/mine/accept', { method: 'POST' });
  }

  declineInvitation(): Promise<MySchool> {
    return this.t.request<MySchool>('/schools/mine/decline', { method: 'POST' });
  }

  members(id: string, filter: SchoolMemberFilter = {}): Promise<SchoolMemberList> {
    return this.t.request<SchoolMemberList>(schoolPath(id, '/members'), { query: { ...filter } });
  }

  /** Invites by e-mail: an account is made (with a set-password mail) when there is none. */
  addMember(id: string, input: AddSchoolMemberRequest): Promise<AddSchoolMemberResponse> {
    return this.t.request<AddSchoolMemberResponse>(schoolPath(id, '/members'), { method: 'POST', json: input });
  }

  /** Changes the school role, deactivates, reactivates or approves (status active). */
  updateMember(id: string, userId: string, input: UpdateSchoolMemberRequest): Promise<SchoolMember> {
    return this.t.request<SchoolMember>(schoolPath(id, `/members/${encodeURIComponent(userId)}`), { method: 'PATCH', json: input });
  }

  classes(id: string, query: { archived?: boolean; search?: string } = {}): Promise<SchoolClassList> {
    return this.t.request<SchoolClassList>(schoolPath(id, '/classes'), { query: { ...query } });
  }

  createClass(id: string, input: CreateClassRequest): Promise<SchoolClass> {
    return this.t.request<SchoolClass>(schoolPath(id, '/classes'), { method: 'POST', json: input });
  }

  /** Renames, archives (`archived: true`) or brings back a class, or makes a new join code. */
  updateClass(classId: string, input: UpdateClassRequest): Promise<SchoolClass> {
    return this.t.request<SchoolClass>(classPath(classId), { method: 'PATCH', json: input });
  }

  classMembers(classId: string): Promise<ClassMemberList> {
    return this.t.request<ClassMemberList>(classPath(classId, '/members'));
  }

  addClassMember(classId: string, userId: string, role: ClassRole): Promise<ClassMember> {
    return this.t.request<ClassMember>(classPath(classId, '/members'), { method: 'POST', json: { user_id: userId, role } });
  }

  removeClassMember(classId: string, userId: string): Promise<void> {
    return this.t.request<void>(classPath(classId, `/members/${encodeURIComponent(userId)}`), { method: 'DELETE' });
  }

  /** A student joins a class with its code (with or without the dash, any case). */
  joinClass(code: string): Promise<JoinClassResponse> {
    return this.t.request<JoinClassResponse>('/classes/join', { method: 'POST', json: { code } });
  }

  /** Uploads roster files (OneRoster CSVs, one zip, or one `email,name,role,class` CSV); `dryRun` (default) changes nothing. */
  importRoster(id: string, files: readonly RosterFile[], opts: { dryRun?: boolean; org?: string } = {}): Promise<RosterImportResult> {
    return this.t.request<RosterImportResult>(schoolPath(id, '/roster/import'), {
      method: 'POST',
      query: { dry_run: opts.dryRun ?? true, org: opts.org },
      body: () => rosterForm(files),
      timeoutMs: 180_000,
    });
  }

  /**
   * Applies roster files in the background (`async=true`): answers at once (202) with the import's
   * status; `rosterImport` shows its progress, then its result.
   */
  startRosterApply(id: string, files: readonly RosterFile[], opts: { org?: string } = {}): Promise<RosterImportStatus> {
    return this.t.request<RosterImportStatus>(schoolPath(id, '/roster/import'), {
      method: 'POST',
      query: { dry_run: false, async: true, org: opts.org },
      body: () => rosterForm(files),
      timeoutMs: 180_000,
    });
  }

  rosterImports(id: string): Promise<RosterImportList> {
    return this.t.request<RosterImportList>(schoolPath(id, '/roster/imports'));
  }

  /** One import: status, progress, counts and errors so far, and the result once done. */
  rosterImport(id: string, importId: string): Promise<RosterImportStatus> {
    return this.t.request<RosterImportStatus>(schoolPath(id, `/roster/imports/${encodeURIComponent(importId)}`));
  }

  /** Issue 33 §2: the school's own model endpoint (null: the platform's); the key only masked. */
  aiEndpoint(id: string): Promise<{ endpoint: SchoolAiEndpoint | null }> {
    return this.t.request(schoolPath(id, '/ai-endpoint'));
  }

  /** Sets it; a key left out keeps the stored one, "" removes it. */
  setAiEndpoint(id: string, input: SchoolAiEndpointInput): Promise<{ endpoint: SchoolAiEndpoint }> {
    return this.t.request(schoolPath(id, '/ai-endpoint'), { method: 'PUT', json: input });
  }

  /** Back to the platform's model. */
  removeAiEndpoint(id: string): Promise<{ endpoint: null }> {
    return this.t.request(schoolPath(id, '/ai-endpoint'), { method: 'DELETE' });
  }

  /** "Test connection": one small request to the stored endpoint. */
  testAiEndpoint(id: string): Promise<AiEndpointTestResult> {
    return this.t.request(schoolPath(id, '/ai-endpoint/test'), { method: 'POST' });
  }

  /** Issue 32: the LMS platforms (LTI 1.3) registered for the school. */
  ltiPlatforms(id: string): Promise<LtiPlatformList> {
    return this.t.request<LtiPlatformList>(schoolPath(id, '/lti/platforms'));
  }

  /** Registers an LMS; answers the tool's login, launch and JWKS URLs to enter in the LMS. */
  registerLtiPlatform(id: string, input: LtiPlatformRequest): Promise<LtiPlatform> {
    return this.t.request<LtiPlatform>(schoolPath(id, '/lti/platforms'), { method: 'POST', json: input });
  }

  /** A deep-linking launch's answer for the assignment the teacher picked: post `jwt` as `JWT` to `return_url`. */
  ltiDeepLinkingResponse(input: LtiDeepLinkingRequest): Promise<LtiDeepLinkingResponse> {
    return this.t.request<LtiDeepLinkingResponse>('/lti/deep-linking/response', { method: 'POST', json: input });
  }

  removeLtiPlatform(id: string, platformId: string): Promise<void> {
    return this.t.request<void>(schoolPath(id, `/lti/platforms/${encodeURIComponent(platformId)}`), { method: 'DELETE' });
  }

  /** The school's credit pool (billing): balance, recent ledger lines, use per member. */
  credits(id: string, limit?: number): Promise<SchoolCredits> {
    return this.t.request<SchoolCredits>(schoolPath(id, '/credits'), { query: { limit } });
  }

  /** The essays the school's members submitted in the last 7 days, whichever credits paid (evaluation). */
  activity(id: string): Promise<SchoolActivity> {
    return this.t.request<SchoolActivity>(schoolPath(id, '/activity'));
  }

  /** Grants pool credits with a note (super admin). */
  grantCredits(id: string, credits: number, note: string): Promise<SchoolCreditGrantResult> {
    return this.t.request<SchoolCreditGrantResult>(schoolPath(id, '/credits'), { method: 'POST', json: { credits, note } });
  }
}
