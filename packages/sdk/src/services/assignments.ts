import type {
  AgreementQuery,
  AgreementReport,
  Assignment,
  AssignmentList,
  AssignmentSubmissionList,
  CreateAssignmentRequest,
  Evaluation,
  Gradebook,
  MyAssignmentList,
  ReleaseReviewedResponse,
  SubmissionGrowth,
  TeacherReviewRequest,
  UpdateAssignmentRequest,
  UserSchool,
} from '@corestone/contracts';
import type { DownloadedFile } from '../http';
import type { Transport } from '../transport';

const enc = encodeURIComponent;
const assignmentPath = (id: string, rest = '') => `/assignments/${enc(id)}${rest}`;
const classPath = (id: string, rest = '') => `/classes/${enc(id)}${rest}`;
const evalPath = (id: string, rest = '') => `/evaluation/${enc(id)}${rest}`;

/** An active teacher or school admin of a school (issue 31): they have the back office's Classes area. */
export function isSchoolStaff(user: { school?: UserSchool | null } | null | undefined): boolean {
  const s = user?.school;
  return !!s && s.status === 'active' && (s.role === 'teacher' || s.role === 'school_admin');
}

/**
 * Teachers in the loop (issue 31): a class's assignments (schools service), what is submitted into
 * them, the teacher's review and release, growth between drafts and AI–teacher agreement
 * (evaluation service). The server decides who may do what; 404 across classes and schools.
 */
export class AssignmentsApi {
  constructor(private readonly t: Transport) {}

  /** GET /classes/{id}/assignments (the class's teachers, the school's admins). */
  ofClass(classId: string, query: { archived?: boolean } = {}): Promise<AssignmentList> {
    return this.t.request<AssignmentList>(classPath(classId, '/assignments'), { query: { ...query } });
  }

  /** POST /classes/{id}/assignments: dates as ISO instants (entered in the school's time zone). */
  create(classId: string, input: CreateAssignmentRequest): Promise<Assignment> {
    return this.t.request<Assignment>(classPath(classId, '/assignments'), { method: 'POST', json: input });
  }

  get(id: string): Promise<Assignment> {
    return this.t.request<Assignment>(assignmentPath(id));
  }

  /** PATCH /assignments/{id}: any subset; `archived: true` hides it from students. */
  update(id: string, patch: UpdateAssignmentRequest): Promise<Assignment> {
    return this.t.request<Assignment>(assignmentPath(id), { method: 'PATCH', json: patch });
  }

  /** GET /assignments/mine: a student's assignments with their state. */
  mine(): Promise<MyAssignmentList> {
    return this.t.request<MyAssignmentList>('/assignments/mine');
  }

  /** GET /assignments/{id}/submissions: one row per student of the class. */
  submissions(id: string): Promise<AssignmentSubmissionList> {
    return this.t.request<AssignmentSubmissionList>(assignmentPath(id, '/submissions'));
  }

  /** The same as CSV: one row per student, one column per criterion, total, grade. */
  submissionsCsv(id: string): Promise<DownloadedFile> {
    return this.t.download(assignmentPath(id, '/submissions'), { query: { format: 'csv' } });
  }

  /** GET /classes/{id}/gradebook: students × assignments. */
  gradebook(classId: string): Promise<Gradebook> {
    return this.t.request<Gradebook>(classPath(classId, '/gradebook'));
  }

  /** PUT /evaluation/{id}/review: the teacher's marks, feedback, overall comment and passage comments. */
  review(evaluationId: string, input: TeacherReviewRequest): Promise<Evaluation> {
    return this.t.request<Evaluation>(evalPath(evaluationId, '/review'), { method: 'PUT', json: input });
  }

  /** POST /evaluation/{id}/release: the student sees the (reviewed) result. */
  release(evaluationId: string): Promise<Evaluation> {
    return this.t.request<Evaluation>(evalPath(evaluationId, '/release'), { method: 'POST' });
  }

  /** POST /assignments/{id}/release-reviewed: every reviewed, unreleased result of the assignment. */
  releaseReviewed(id: string): Promise<ReleaseReviewedResponse> {
    return this.t.request<ReleaseReviewedResponse>(assignmentPath(id, '/release-reviewed'), { method: 'POST' });
  }

  /** GET /evaluation/{id}/growth: against the previous submission in the line. */
  growth(evaluationId: string): Promise<SubmissionGrowth> {
    return this.t.request<SubmissionGrowth>(evalPath(evaluationId, '/growth'));
  }

  /** GET /schools/{id}/agreement?rubric_id=&class_id=: AI–teacher agreement per criterion. */
  agreement(schoolId: string, query: AgreementQuery = {}): Promise<AgreementReport> {
    return this.t.request<AgreementReport>(`/schools/${enc(schoolId)}/agreement`, { query: { ...query } });
  }

  agreementCsv(schoolId: string, query: AgreementQuery = {}): Promise<DownloadedFile> {
    return this.t.download(`/schools/${enc(schoolId)}/agreement`, { query: { ...query, format: 'csv' } });
  }

  /** GET /evaluation/admin/agreement: the platform's figures (platform admins). */
  platformAgreement(query: AgreementQuery = {}): Promise<AgreementReport> {
    return this.t.request<AgreementReport>('/evaluation/admin/agreement', { query: { ...query } });
  }
}
