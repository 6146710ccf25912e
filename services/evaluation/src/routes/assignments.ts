import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ADMIN_ROLES,
  AgreementQuery,
  AgreementReport,
  AssignmentSubmissionList,
  Evaluation,
  Gradebook,
  MyAssignmentList,
  ReleaseReviewedResponse,
  SubmissionGrowth,
  TeacherReviewRequest,
} from '@corestone/contracts';
import { errorResponses, principalOf, requestLocale, requireAuth, requireRole, security, type RoutePlugin } from '@corestone/service-kit';
import { gradebook, marksFileName, myAssignments, submissionsCsv, submissionsOf } from '../app/assignments';
import { releaseOne, releaseReviewed, saveTeacherReview, type TeacherReviewDeps } from '../app/teacher-review';
import { growthOf } from '../app/growth';
import { agreementCsv, platformAgreement, schoolAgreement } from '../app/agreement';
import { csvReply } from './dashboard';
import { inReaderLanguage } from '../app/result-language';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const Format = Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')]));
/** An agreement report as JSON, or as CSV with ?format=csv. */
const agreementReply = (reply: FastifyReply, format: string | undefined, report: AgreementReport) =>
  format === 'csv' ? reply.headers(csvReply('agreement.csv')).send(agreementCsv(report)) : report;
const AgreementQueryWithFormat = Type.Composite([AgreementQuery, Type.Object({ format: Format })]);

const CsvOrJson = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.String({ description: 'text/csv with ?format=csv' })]);

/**
 * Teachers in the loop (issue 31), HTTP adapters: a student's assignments; an assignment's
 * submissions (JSON or CSV) and release of its reviewed work; a class's gradebook; a submission's
 * teacher review, release and growth; AI–teacher agreement for a school and for the platform. Who
 * may do what is decided in the use cases (app/assignments.ts, teacher-review.ts, growth.ts,
 * agreement.ts) with schools' answers: 404 where existence would leak.
 */
export const assignmentRoutes: RoutePlugin<TeacherReviewDeps> = async (app, deps) => {
  app.get(
    '/assignments/mine',
    {
      preHandler: requireAuth,
      schema: {
        summary: "The caller's assignments (every class they are a student of), each with where they stand, soonest due first",
        security,
        response: { 200: MyAssignmentList, ...errorResponses(401, 503) },
      },
    },
    async (req) => myAssignments(deps, principalOf(req)),
  );

  app.get(
    '/assignments/:id/submissions',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          "Each student's standing in an assignment (a teacher of the class, the school's admins, platform admins); ?format=csv: one row per student, one column per criterion, total, grade",
        security,
        params: IdParams,
        querystring: Type.Object({ format: Format }),
        produces: ['application/json', 'text/csv'],
        response: { 200: CsvOrJson(AssignmentSubmissionList), ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (req, reply) => {
      const list = await submissionsOf(deps, req.params.id, principalOf(req));
      if (req.query.format === 'csv') return reply.headers(csvReply(marksFileName(list.assignment.title))).send(submissionsCsv(list));
      const { rows: _rows, ...body } = list;
      return body;
    },
  );

  app.post(
    '/assignments/:id/release-reviewed',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Release every reviewed, unreleased submission of an assignment to its student (unreviewed ones are skipped)',
        security,
        params: IdParams,
        response: { 200: ReleaseReviewedResponse, ...errorResponses(401, 404, 503) },
      },
    },
    async (req) => releaseReviewed(deps, req.params.id, principalOf(req)),
  );

  app.get(
    '/classes/:id/gradebook',
    {
      preHandler: requireAuth,
      schema: {
        summary: "A class's students × its assignments (archived ones left out): each cell's state, score and lateness",
        security,
        params: IdParams,
        response: { 200: Gradebook, ...errorResponses(401, 404, 503) },
      },
    },
    async (req) => gradebook(deps, req.params.id, principalOf(req)),
  );

  app.put(
    '/evaluation/:id/review',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          "A teacher's review of a graded submission into a class assignment: criterion marks and feedback, an overall comment, comments on passages (offsets into the essay text); the student sees it once released",
        security,
        params: IdParams,
        body: TeacherReviewRequest,
        response: { 200: Evaluation, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req) =>
      inReaderLanguage(deps.lookups, await saveTeacherReview(deps, req.params.id, principalOf(req), req.body), requestLocale(req)),
  );

  app.post(
    '/evaluation/:id/release',
    {
      preHandler: requireAuth,
      schema: {
        summary: 'Release a reviewed submission to its student (mails them the result, as their mail choices allow); again: no change',
        security,
        params: IdParams,
        response: { 200: Evaluation, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (req) => inReaderLanguage(deps.lookups, await releaseOne(deps, req.params.id, principalOf(req)), requestLocale(req)),
  );

  app.get(
    '/evaluation/:id/growth',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          "The submission against the student's previous one in the assignment (or the class's draft before a final): criterion movement, improvement points addressed or open, the line's history",
        security,
        params: IdParams,
        response: { 200: SubmissionGrowth, ...errorResponses(401, 404, 503) },
      },
    },
    async (req) => growthOf(deps, req.params.id, principalOf(req), requestLocale(req)),
  );

  app.get(
    '/schools/:id/agreement',
    {
      preHandler: requireAuth,
      schema: {
        summary:
          "AI–teacher agreement over the school's teacher-released results, per criterion and in total (school admins, platform admins; a teacher: their classes); ?format=csv",
        security,
        params: IdParams,
        querystring: AgreementQueryWithFormat,
        produces: ['application/json', 'text/csv'],
        response: { 200: CsvOrJson(AgreementReport), ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      return agreementReply(reply, format, await schoolAgreement(deps, req.params.id, q, principalOf(req)));
    },
  );

  app.get(
    '/evaluation/admin/agreement',
    {
      preHandler: requireRole(...ADMIN_ROLES),
      schema: {
        summary: 'AI–teacher agreement over every school (platform admins); ?format=csv',
        security,
        querystring: AgreementQueryWithFormat,
        produces: ['application/json', 'text/csv'],
        response: { 200: CsvOrJson(AgreementReport), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      return agreementReply(reply, format, await platformAgreement(deps, q));
    },
  );
};
