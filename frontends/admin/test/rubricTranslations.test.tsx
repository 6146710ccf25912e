// antd is slow to start under jsdom
jest.setTimeout(90000);

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createClient, type Rubric } from '@corestone/sdk';
import { render } from '../../test-support/render';
import { fakeFetch, res, type Call } from '../../test-support/helpers';
import { RubricModal } from '../src/components/rubrics/RubricModal';
import {
  changedTranslations,
  refusalProblems,
  translatedCount,
  translationGroups,
  translationOf,
  valuesOf,
} from '../src/lib/rubricTranslations';

const scoring: Rubric['scoring_structure'] = {
  total_points: 10,
  scoring_method: 'weighted_sum',
  pass_threshold: 50,
  criteria: [
    {
      code: 'A',
      name: 'Focus and Method',
      maxScore: 6,
      weight: 0.6,
      description: 'Is the question focused?',
      scoring_levels: [
        { min: 0, max: 0, descriptor: 'Does not reach the standard.' },
        { min: 1, max: 3, descriptor: 'The focus is limited.' },
        { min: 4, max: 6, descriptor: 'The focus is clear.' },
      ],
    },
    { code: 'B', name: 'Knowledge', maxScore: 4, weight: 0.4 },
  ],
  grade_boundaries: [
    { grade: 'A', min_percentage: 80, max_percentage: 100, description: 'Excellent' },
    { grade: 'B', min_percentage: 0, max_percentage: 79, description: 'Good' },
  ],
};

const rubric: Rubric = {
  id: 'rb1',
  title: 'Extended Essay',
  description: 'The default EE rubric',
  rubric_type: 'ee',
  status: 'active',
  is_active: true,
  version: 3,
  criteria_text: 'A: Focus and Method (6)\nB: Knowledge (4)',
  scoring_structure: scoring,
  submission_count: 0,
  is_default: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  language: 'en',
  translations: {
    fr: {
      title: 'Mémoire',
      criteria: [{ code: 'A', name: 'Focus et méthode', scoring_levels: [{ min: 1, max: 3, descriptor: 'Focus limité.' }] }],
    },
  },
};

const english = { title: rubric.title, description: rubric.description, scoring };

function openEditor(handler: (c: Call) => Response) {
  const f = fakeFetch(handler);
  const onSaved = jest.fn();
  render(
    <AntApp>
      <RubricModal
        client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })}
        rubric={rubric}
        onClose={() => {}}
        onSaved={onSaved}
      />
    </AntApp>,
  );
  const dialog = screen.getByRole('dialog');
  fireEvent.click(within(dialog).getByRole('tab', { name: 'Translations' }));
  return { ...f, dialog, onSaved };
}

/** The text of the element(s) an input names as its description. */
const description = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body as Record<string, unknown>);

describe('the rubric editor’s Translations view (issue 36)', () => {
  it('shows each English text beside the input for its translation, with the count per language and an empty state', async () => {
    const { dialog } = openEditor(() => res(200, rubric));
    const view = await within(dialog).findByTestId('rubric-translations');
    // Français first: 3 of 10 texts (title, description; A name, description, 3 bands; B name; 2 grades)
    expect(within(view).getByTestId('translation-tab-fr').textContent).toBe('Français 3/10');
    expect(within(view).getByTestId('translation-tab-es').textContent).toBe('Español 0/10');
    expect(within(view).getByTestId('translation-count').textContent).toBe('3 of 10 texts translated');
    const name = within(view).getByLabelText('Name of criterion A') as HTMLInputElement;
    expect([name.value, name.lang, description(name)]).toEqual(['Focus et méthode', 'fr', 'English: Focus and Method']);
    const band = within(view).getByLabelText('Criterion A, marks 1–3') as HTMLTextAreaElement;
    expect([band.value, description(band)]).toEqual(['Focus limité.', 'English: The focus is limited.']);
    expect((within(view).getByLabelText('Grade A') as HTMLInputElement).value).toBe('');
    expect(description(within(view).getByLabelText('Grade A'))).toBe('English: Excellent');
    expect(within(view).queryByTestId('translations-empty')).toBeNull();
    expect(within(view).getByText('A text left empty shows in English.')).toBeTruthy();

    fireEvent.click(within(view).getByText('Español'));
    expect(await within(view).findByTestId('translations-empty')).toBeTruthy();
    expect(within(view).getByText('Not translated yet')).toBeTruthy();
    expect((within(view).getByLabelText('Name of criterion A') as HTMLInputElement).value).toBe('');
    expect(within(view).getByLabelText('Name of criterion A').getAttribute('lang')).toBe('es');
  });

  it('saves with the rubric’s PUT, sending only the language that changed', async () => {
    const { dialog, calls, onSaved } = openEditor((c) => res(200, { ...rubric, ...(c.body as object) }));
    const view = await within(dialog).findByTestId('rubric-translations');
    fireEvent.click(within(view).getByText('Español'));
    fireEvent.change(await within(view).findByLabelText('Name of criterion A'), { target: { value: '  Enfoque y método ' } });
    fireEvent.change(within(view).getByLabelText('Grade B'), { target: { value: 'Bien' } });
    fireEvent.change(within(view).getByLabelText('Description'), { target: { value: '   ' } }); // blank: stays English
    expect(within(view).getByTestId('translation-tab-es').textContent).toBe('Español 2/10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(puts(calls)).toEqual([
      {
        title: 'Extended Essay',
        description: 'The default EE rubric',
        criteria_text: rubric.criteria_text,
        status: 'active',
        translations: {
          es: { criteria: [{ code: 'A', name: 'Enfoque y método' }], grade_boundaries: [{ grade: 'B', description: 'Bien' }] },
        },
      },
    ]);
  });

  it('sends no translations when none changed', async () => {
    const { dialog, calls } = openEditor((c) => res(200, { ...rubric, ...(c.body as object) }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).not.toHaveProperty('translations');
  });

  it('sends {fr: {}} when every French text is cleared (French removed)', async () => {
    const { dialog, calls } = openEditor((c) => res(200, { ...rubric, ...(c.body as object) }));
    const view = await within(dialog).findByTestId('rubric-translations');
    for (const label of ['Title', 'Name of criterion A', 'Criterion A, marks 1–3'])
      fireEvent.change(within(view).getByLabelText(label), { target: { value: '' } });
    expect(within(view).getByTestId('translation-tab-fr').textContent).toBe('Français 0/10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.translations).toEqual({ fr: {} });
  });

  it('shows the service’s 400 RUBRIC_TRANSLATION_INVALID at the field it names, in that language, and nothing as saved', async () => {
    const detail =
      'The translation does not fit the rubric: es: criterion A has no mark band 4–6 (its bands: 0–0, 1–3); es: grade B is not in the rubric (A); de is not a language rubrics are translated into (fr, es)';
    const { dialog, onSaved } = openEditor(() => res(400, { detail, code: 'RUBRIC_TRANSLATION_INVALID' }));
    const view = await within(dialog).findByTestId('rubric-translations');
    fireEvent.click(within(view).getByText('Español'));
    fireEvent.change(await within(view).findByLabelText('Criterion A, marks 4–6'), { target: { value: 'El enfoque es claro.' } });
    fireEvent.change(within(view).getByLabelText('Grade B'), { target: { value: 'Bien' } });
    fireEvent.click(within(view).getByText('Français')); // the refusal brings the language with the problems back
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect((await within(dialog).findByTestId('rubric-form-error')).textContent).toBe(
      'Some translations do not fit the rubric: see the marked texts under Translations. Nothing was saved.',
    );
    const band = await within(view).findByLabelText('Criterion A, marks 4–6');
    expect(band.getAttribute('lang')).toBe('es');
    expect(band.getAttribute('aria-invalid')).toBe('true');
    expect(description(band)).toBe('English: The focus is clear. | criterion A has no mark band 4–6 (its bands: 0–0, 1–3)');
    expect(description(within(view).getByLabelText('Grade B'))).toBe('English: Good | grade B is not in the rubric (A)');
    expect(within(view).getByText('de is not a language rubrics are translated into (fr, es)')).toBeTruthy();
    expect(within(view).getByTestId('translation-tab-es').textContent).toContain('needs a change');
    // editing the field clears its problem
    fireEvent.change(band, { target: { value: 'El enfoque es muy claro.' } });
    expect(band.getAttribute('aria-invalid')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says a text over the service’s limit at its field before sending anything', async () => {
    const { dialog, calls } = openEditor(() => res(200, rubric));
    const view = await within(dialog).findByTestId('rubric-translations');
    fireEvent.change(within(view).getByLabelText('Grade A'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(description(await within(view).findByLabelText('Grade A'))).toBe('English: Excellent | At most 200 characters.');
    expect(within(dialog).getByTestId('rubric-form-error').textContent).toBe(
      'Some translations are too long: see the marked texts under Translations.',
    );
    expect(puts(calls)).toEqual([]);
  });
});

describe('lib/rubricTranslations', () => {
  const stored = { fr: valuesOf(rubric.translations!.fr), es: {} };
  const groups = translationGroups(english, stored);

  it('offers every text by its key, and a blank English text only when a translation of it is stored', () => {
    expect(groups.map((g) => [g.key, g.fields.map((f) => f.key)])).toEqual([
      ['rubric', ['title', 'description']],
      ['criterion:A', ['name:A', 'description:A', 'band:A:0–0', 'band:A:1–3', 'band:A:4–6']],
      ['criterion:B', ['name:B']],
      ['grades', ['grade:A', 'grade:B']],
    ]);
    const blank = translationGroups({ ...english, description: ' ' }, { fr: {}, es: {} });
    expect(blank[0]!.fields.map((f) => f.key)).toEqual(['title']);
    const kept = translationGroups({ ...english, description: '' }, { fr: { description: 'Une description' }, es: {} });
    expect(kept[0]!.fields.map((f) => f.key)).toEqual(['title', 'description']);
    expect(translatedCount(stored.fr, groups)).toEqual({ done: 3, total: 10 });
  });

  it('builds a language as the service stores it and sends only the changed ones', () => {
    expect(translationOf(stored.fr, groups)).toEqual(rubric.translations!.fr);
    expect(changedTranslations(stored, stored, groups)).toBeUndefined();
    expect(changedTranslations(stored, { ...stored, fr: { ...stored.fr, title: ' Mémoire ' } }, groups)).toBeUndefined();
    expect(changedTranslations(stored, { ...stored, es: { 'band:A:0–0': 'Nada' } }, groups)).toEqual({
      es: { criteria: [{ code: 'A', scoring_levels: [{ min: 0, max: 0, descriptor: 'Nada' }] }] },
    });
    // a criterion no longer in the draft's scoring is not sent (the service drops its texts with it)
    const withoutA = translationGroups({ ...english, scoring: { ...scoring, criteria: scoring.criteria.slice(1) } }, stored);
    expect(translationOf(stored.fr, withoutA)).toEqual({ title: 'Mémoire' });
  });

  it('reads each entry of a refusal into its language and field', () => {
    expect(
      refusalProblems(
        'The translation does not fit the rubric: fr: criterion F is not in the rubric (A, B); fr: criterion A: band 1–3 is translated twice; es: criterion B is translated twice; es: grade Z is not in the rubric (A, B)',
        groups,
      ),
    ).toEqual([
      { locale: 'fr', text: 'criterion F is not in the rubric (A, B)' },
      { locale: 'fr', key: 'band:A:1–3', text: 'criterion A: band 1–3 is translated twice' },
      { locale: 'es', key: 'name:B', text: 'criterion B is translated twice' },
      { locale: 'es', text: 'grade Z is not in the rubric (A, B)' },
    ]);
  });
});
