import type { Rubric, RubricTranslation } from '@corestone/contracts';
import { SEED_RUBRICS } from '../src/domain/seeds';
import { checkedTranslations, fittedTranslations, localizedRubric, seedTranslationFor } from '../src/domain/translations';

const seed = (key: string) => SEED_RUBRICS.find((s) => s.key === key)!;

/** Every text of a structure, as `path: text`, to compare English and translated coverage. */
const textPaths = (r: Pick<Rubric, 'title' | 'description' | 'scoring_structure'>) => [
  'title',
  'description',
  ...r.scoring_structure.criteria.flatMap((c) => [
    `${c.code}.name`,
    ...(c.description ? [`${c.code}.description`] : []),
    ...(c.scoring_levels ?? []).map((l) => `${c.code}.${l.min}-${l.max}`),
  ]),
  ...r.scoring_structure.grade_boundaries.map((g) => `grade ${g.grade}`),
];

const asRubric = (key: string): Rubric => {
  const s = seed(key);
  return {
    id: key,
    title: s.title,
    description: s.description,
    rubric_type: s.rubric_type,
    status: 'active',
    is_active: true,
    version: 1,
    criteria_text: '',
    scoring_structure: s.scoring_structure,
    submission_count: 0,
    is_default: true,
    created_at: '',
    updated_at: '',
    translations: s.translations,
  };
};

describe('seeded translations of the default EE and TOK rubrics', () => {
  it.each(['default-ee', 'default-tok'])('%s: fit the seed, are stored as written, and translate every text in fr and es', (key) => {
    const s = seed(key);
    expect(checkedTranslations(s.translations!, s.scoring_structure)).toEqual(s.translations);
    const english = asRubric(key);
    for (const locale of ['fr', 'es'] as const) {
      const shown = localizedRubric(english, locale);
      expect(shown.language).toBe(locale);
      expect(shown.translations).toBeUndefined();
      // Every text differs from the English (names that are the same word in both, e.g. "Engagement", aside) …
      const en = textPaths(english);
      expect(textPaths(shown)).toEqual(en);
      const texts = (r: Rubric) => [
        r.title,
        r.description,
        ...r.scoring_structure.criteria.flatMap((c) => [c.description, ...(c.scoring_levels ?? []).map((l) => l.descriptor)]),
      ];
      const same = texts(shown).filter((t, i) => t === texts(english)[i]);
      expect([locale, same]).toEqual([locale, []]);
      // … and every number stays.
      const numbers = (r: Rubric) =>
        JSON.stringify(r.scoring_structure, (k, v) => (['name', 'description', 'descriptor'].includes(k) ? undefined : v));
      expect(numbers(shown)).toEqual(numbers(english));
    }
  });
});

describe('localizedRubric', () => {
  const partial: RubricTranslation = {
    title: 'Titre',
    criteria: [{ code: 'A', scoring_levels: [{ min: 1, max: 2, descriptor: 'Bande une' }] }],
  };
  const rubric = { ...asRubric('default-tok'), translations: { fr: partial } };

  it('takes each translated text and leaves the others in English', () => {
    const shown = localizedRubric(rubric, 'fr');
    expect(shown).toMatchObject({ title: 'Titre', description: rubric.description, language: 'fr' });
    const [a, b] = shown.scoring_structure.criteria;
    expect(a.name).toBe('Understanding Knowledge Questions');
    expect(a.scoring_levels!.map((l) => l.descriptor)).toEqual([
      rubric.scoring_structure.criteria[0].scoring_levels![0].descriptor,
      'Bande une',
      ...rubric.scoring_structure.criteria[0].scoring_levels!.slice(2).map((l) => l.descriptor),
    ]);
    expect(b).toEqual(rubric.scoring_structure.criteria[1]);
  });

  it('answers English, saying so, for English and for a language without a translation', () => {
    for (const locale of ['en', 'es'] as const) {
      const shown = localizedRubric(rubric, locale);
      const { translations, ...english } = rubric;
      expect(translations).toBeDefined();
      expect(shown).toEqual({ ...english, language: 'en' });
    }
  });
});

describe('checkedTranslations', () => {
  const structure = seed('default-tok').scoring_structure;

  it('stores codes in the rubric spelling and order, drops blank texts, and keeps an empty language as set', () => {
    expect(
      checkedTranslations(
        {
          fr: {
            title: '  Titre ',
            description: ' ',
            criteria: [
              { code: 'b', name: 'Analyse' },
              {
                code: 'a',
                description: '',
                scoring_levels: [
                  { min: 4, max: 5, descriptor: 'Haut' },
                  { min: 0, max: 0, descriptor: 'Rien' },
                ],
              },
            ],
            grade_boundaries: [{ grade: 'a', description: 'Excellent' }],
          },
          es: {},
        },
        structure,
      ),
    ).toEqual({
      fr: {
        title: 'Titre',
        criteria: [
          {
            code: 'A',
            scoring_levels: [
              { min: 0, max: 0, descriptor: 'Rien' },
              { min: 4, max: 5, descriptor: 'Haut' },
            ],
          },
          { code: 'B', name: 'Analyse' },
        ],
        grade_boundaries: [{ grade: 'A', description: 'Excellent' }],
      },
      es: {},
    });
  });

  it.each([
    [{ fr: { criteria: [{ code: 'Z', name: 'x' }] } }, 'fr: criterion Z is not in the rubric (A, B)'],
    [{ es: { criteria: [{ code: 'A', scoring_levels: [{ min: 1, max: 3, descriptor: 'x' }] }] } }, 'es: criterion A has no mark band 1–3'],
    [
      {
        fr: {
          criteria: [
            { code: 'A', name: 'x' },
            { code: 'a', name: 'y' },
          ],
        },
      },
      'fr: criterion A is translated twice',
    ],
    [
      {
        fr: {
          criteria: [
            {
              code: 'A',
              scoring_levels: [
                { min: 3, max: 3, descriptor: 'x' },
                { min: 3, max: 3, descriptor: 'y' },
              ],
            },
          ],
        },
      },
      'fr: criterion A: band 3–3 is translated twice',
    ],
    [{ fr: { grade_boundaries: [{ grade: 'F', description: 'x' }] } }, 'fr: grade F is not in the rubric (A, B, C, D, E)'],
  ])('refuses %j with a 400 naming it', (input, problem) => {
    expect(() => checkedTranslations(input, structure)).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'RUBRIC_TRANSLATION_INVALID', message: expect.stringContaining(problem) }),
    );
  });
});

describe('translations through a change of the rubric', () => {
  it('fittedTranslations drops criteria, bands and grades a new structure no longer has', () => {
    const old = seed('default-tok');
    const structure = {
      ...old.scoring_structure,
      criteria: [{ ...old.scoring_structure.criteria[0], scoring_levels: old.scoring_structure.criteria[0].scoring_levels!.slice(0, 2) }],
    };
    const kept = fittedTranslations(old.translations!, structure);
    expect(kept.fr!.criteria!.map((c) => [c.code, c.scoring_levels!.map((l) => `${l.min}-${l.max}`)])).toEqual([['A', ['0-0', '1-2']]]);
    expect(kept.fr!.title).toBe(old.translations!.fr!.title);
  });

  it('seedTranslationFor translates only the texts whose English is still the seed’s', () => {
    const s = seed('default-tok');
    const criteria = s.scoring_structure.criteria.map((c, i) => (i === 0 ? { ...c, name: 'Our own name' } : c));
    const row = { title: 'Our TOK rubric', description: s.description, scoring_structure: { ...s.scoring_structure, criteria } };
    const t = seedTranslationFor(row, s, s.translations!.es!);
    expect(t.title).toBeUndefined();
    expect(t.description).toBe(s.translations!.es!.description);
    expect(t.criteria![0].name).toBeUndefined();
    expect(t.criteria![0].description).toBe(s.translations!.es!.criteria![0].description);
    expect(t.criteria![1]).toEqual(s.translations!.es!.criteria![1]);
  });
});
