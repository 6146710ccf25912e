import {
  AddClassMemberRequest,
  ClassMember,
  ClassMemberList,
  CreateClassRequest,
  JoinClassRequest,
  JoinClassResponse,
  SchoolClass,
  SchoolClassList,
  SchoolClassQuery,
  UpdateClassRequest,
} from '@corestone/contracts';
import { Type } from '@sinclair/typebox';
import { errorResponses, principalOf, security, type RoutePlugin } from '@corestone/service-kit';
import { ClassMemberParams, ClassParams, SchoolParams, signedIn, type SchoolRouteDeps } from './common';

/** Classes: create and list in a school, change, enrol and remove members, join with a code. */
export const classRoutes: RoutePlugin<SchoolRouteDeps> = async (app, { classes }) => {
  app.addHook('onRequest', signedIn);

  app.post(
    '/schools/:id/classes',
    {
      schema: {
        summary: 'Create a class with its join code (school admins, teachers, platform admins)',
        security,
        params: SchoolParams,
        body: CreateClassRequest,
        response: { 201: SchoolClass, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await classes.create(principalOf(req), req.params.id, req.body)),
  );

  app.get(
    '/schools/:id/classes',
    {
      schema: {
        summary: "A school's classes: all for its admins, their own for teachers and students",
        security,
        params: SchoolParams,
        querystring: SchoolClassQuery,
        response: { 200: SchoolClassList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => classes.list(principalOf(req), req.params.id, req.query),
  );

  app.post(
    '/classes/join',
    {
      schema: {
        summary: 'Join a class with its code (a student; joins the school too when in none)',
        security,
        body: JoinClassRequest,
        response: { 200: JoinClassResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => classes.join(principalOf(req), req.body.code),
  );

  app.patch(
    '/classes/:id',
    {
      schema: {
        summary: 'Rename, archive or bring back a class, or give it a new join code (its teachers, school admins)',
        security,
        params: ClassParams,
        body: UpdateClassRequest,
        response: { 200: SchoolClass, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => classes.update(principalOf(req), req.params.id, req.body),
  );

  app.post(
    '/classes/:id/members',
    {
      schema: {
        summary: "Enrol a school member as the class's teacher or student",
        security,
        params: ClassParams,
        body: AddClassMemberRequest,
        response: { 201: ClassMember, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await classes.addMember(principalOf(req), req.params.id, req.body)),
  );

  app.get(
    '/classes/:id/members',
    {
      schema: {
        summary: "A class's teachers and students (its teachers, school admins)",
        security,
        params: ClassParams,
        response: { 200: ClassMemberList, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => classes.listMembers(principalOf(req), req.params.id),
  );

  app.delete(
    '/classes/:id/members/:user_id',
    {
      schema: {
        summary: 'Take a member out of a class (the membership of the school stays)',
        security,
        params: ClassMemberParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      await classes.removeMember(principalOf(req), req.params.id, req.params.user_id);
      return reply.code(204).send(null);
    },
  );
};
