import { localeMigrations } from './locale-migrations';
import { memberListMigrations } from './member-list-migrations';
import type { Migration } from '@corestone/service-kit';
import { rosterMigrations } from './roster-migrations';
import { assignmentMigrations } from './assignment-migrations';
import { aiEndpointMigrations } from './ai-endpoint-migrations';
import { ltiMigrations } from './lti-migrations';
import { classPoolCapMigrations } from './class-pool-cap-migrations';

export const migrations: Migration[] = [
  {
    id: '001-schools-memberships-classes',
    sql: `
      CREATE TABLE schools (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        country text,
        ib_school_code text,
        time_zone text NOT NULL,
        settings jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX schools_name ON schools (lower(name), id);
      -- A verified e-mail domain and a Microsoft tenant each belong to one school.
      CREATE TABLE school_domains (
        domain text PRIMARY KEY,
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE
      );
      CREATE INDEX school_domains_school ON school_domains (school_id);
      CREATE TABLE school_tenants (
        tenant_id text PRIMARY KEY,
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE
      );
      CREATE INDEX school_tenants_school ON school_tenants (school_id);
      -- A user belongs to at most one school: the user id is the key.
      CREATE TABLE memberships (
        user_id uuid PRIMARY KEY,
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        email text NOT NULL,
        name text NOT NULL,
        school_role text NOT NULL CHECK (school_role IN ('school_admin', 'teacher', 'student')),
        status text NOT NULL CHECK (status IN ('pending', 'active', 'deactivated')),
        -- Why a pending membership waits: the school's approval or the invited member's acceptance.
        awaiting text CHECK (awaiting IN ('school', 'member')),
        joined_by text NOT NULL CHECK (joined_by IN ('invitation', 'join_code', 'email_domain', 'roster')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'pending') = (awaiting IS NOT NULL))
      );
      CREATE INDEX memberships_school ON memberships (school_id, school_role, status);
      CREATE INDEX memberships_school_email ON memberships (school_id, email);
      CREATE TABLE classes (
        id uuid PRIMARY KEY,
        school_id uuid NOT NULL REFERENCES schools (id) ON DELETE CASCADE,
        name text NOT NULL,
        subject text,
        session text,
        join_code text NOT NULL UNIQUE,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX classes_school ON classes (school_id, archived_at, lower(name));
      -- Class members stay when a member is deactivated (the class keeps its history); a class is
      -- archived, never deleted with its students' work.
      CREATE TABLE class_members (
        class_id uuid NOT NULL REFERENCES classes (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES memberships (user_id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('teacher', 'student')),
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (class_id, user_id)
      );
      CREATE INDEX class_members_user ON class_members (user_id);`,
  },
  // 002: roster imports (store/roster-migrations.ts)
  ...rosterMigrations,
  // 003: assignments and their mails' markers (store/assignment-migrations.ts)
  ...assignmentMigrations,
  // 004: LTI 1.3 platforms, tool keys, launches (store/lti-migrations.ts)
  ...ltiMigrations,
  // 005: a school's own model endpoint (store/ai-endpoint-migrations.ts; issue 33 §2)
  ...aiEndpointMigrations,
  // 006: a class's cap on school-pool credits (store/class-pool-cap-migrations.ts; issue 30)
  ...classPoolCapMigrations,
  // 007: a school's default language (store/locale-migrations.ts; issue 36)
  ...localeMigrations,
  // 008: the members list's order as an index (store/member-list-migrations.ts; issue 34)
  ...memberListMigrations,
];
