import type { Migration } from '@corestone/service-kit';

/** Issue 36: a school's default interface language (en, fr, es), announced in schools.school_changed.v1. */
export const localeMigrations: Migration[] = [
  {
    id: '007-school-default-locale',
    sql: `ALTER TABLE schools ADD COLUMN default_locale text NOT NULL DEFAULT 'en' CHECK (default_locale IN ('en', 'fr', 'es'));`,
  },
];
