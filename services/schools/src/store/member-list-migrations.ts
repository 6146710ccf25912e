import type { Migration } from '@corestone/service-kit';

/**
 * Issue 34: a school's members list (by name, 100 a page) read in order from an index instead of
 * sorting the school's 2,000 members on every page (store/schools.ts, memberListStatements).
 */
export const memberListMigrations: Migration[] = [
  {
    id: '008-member-list-index',
    sql: `CREATE INDEX memberships_school_name ON memberships (school_id, lower(name), user_id);`,
  },
];
