import type { Migration } from '@corestone/service-kit';

/** Issue 30: a class's cap on school-pool credits (null: none), announced to billing (schools.class_changed.v1). */
export const classPoolCapMigrations: Migration[] = [
  {
    id: '006-class-pool-cap',
    sql: `ALTER TABLE classes ADD COLUMN pool_cap int CHECK (pool_cap >= 0);`,
  },
];
