import { Type } from '@sinclair/typebox';
import { LOCALES } from './locale';

/** An interface language (issue 36, locale.ts): en, fr or es. Exported from api-user.ts (the index). */
export const LocaleSchema = Type.Union(
  LOCALES.map((l) => Type.Literal(l)),
  { description: 'an interface language: en, fr or es' },
);
