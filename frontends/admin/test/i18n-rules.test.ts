/** The lib rules that return sentences speak the page's language when given its IntlShape (issue 36); English stays their default. */
import { createIntl } from 'react-intl';
import es from '../src/i18n/es.json';
import fr from '../src/i18n/fr.json';
import { accessText, readClassList } from '../src/lib/classImport';
import { LOCAL_GRADE_RULE } from '../src/lib/localAssessment';
import { systemChecks } from '../src/lib/overview';
import { criterionScoreError, overallSumError, scoreError } from '../src/lib/review';
import { rubricTextProblem } from '../src/lib/rubricText';
import { scoringProblems } from '../src/lib/scoring';
import { differenceText, kappaText, scoreText } from '../src/lib/teaching';

const french = createIntl({ locale: 'fr', defaultLocale: 'en', messages: fr });
const spanish = createIntl({ locale: 'es', defaultLocale: 'en', messages: es });
const NBSP = '\u00a0';

it('scoring and text checks in French and Spanish, numbers in the page locale', () => {
  const s = { criteria: [], grade_boundaries: [], total_points: 0, pass_threshold: 50, scoring_method: 'weighted_sum' } as never;
  expect(scoringProblems(s, french)).toEqual(['Une grille d’évaluation doit avoir au moins un critère.']);
  expect(scoringProblems(s, spanish)).toEqual(['Una rúbrica necesita al menos un criterio.']);
  expect(scoringProblems(s)).toEqual(['A rubric needs at least one criterion.']);
  // 5 000 with the French group separator (a narrow no-break space)
  expect(rubricTextProblem({ title: '', description: 'x'.repeat(5001), criteria: '' }, french)).toBe(
    `La description peut compter au plus 5${'\u202f'}000${NBSP}caractères.`,
  );
  expect(scoreError(40, 34, spanish)).toBe('La puntuación debe estar entre 0 y 34.');
  expect(LOCAL_GRADE_RULE(24, 34, french)).toContain(`70,6${NBSP}% des points`);
});

it('scores, kappas and mark differences with the decimal comma in French and Spanish (27,5, not 27.5)', () => {
  expect(scoreText(27.5, 34, french)).toBe('27,5 / 34');
  expect(scoreText(27.5, 34, spanish)).toBe('27,5 / 34');
  expect(scoreText(27.5, 34)).toBe('27.5 / 34');
  expect(kappaText(0.625, french)).toBe('0,63');
  expect(kappaText(0.5, spanish)).toBe('0,50');
  expect(kappaText(0.5)).toBe('0.50');
  expect(differenceText(-0.25, french)).toBe('\u22120,25');
  expect(differenceText(0.8, spanish)).toBe('+0,8');
  expect(differenceText(0.8)).toBe('+0.8');
  // the submission editor's checks
  expect(scoreError(40, 34.5, french)).toBe('La note doit être comprise entre 0 et 34,5.');
  expect(scoreError(40, 34.5)).toBe('Score must be between 0 and 34.5.');
  expect(criterionScoreError(7, 6.5, spanish)).toBe('Entre 0 y 6,5.');
  expect(overallSumError(27, 27.5, french)).toBe('Doit être égale à la somme des notes des critères (27,5).');
  expect(overallSumError(27, 27.5)).toBe('Must equal the sum of the criterion scores (27.5).');
});

it('class import rows, access words and system rows in French', () => {
  const [row] = readClassList('first name,last name,email\nAnn,,ann@school.org', ['student'], french);
  expect(row!.problem).toBe('Le prénom et le nom sont obligatoires');
  expect(accessText({ mail: 'not sent' }, french)).toBe('e-mail non envoyé');
  expect(systemChecks('error', french)[0]).toEqual({ name: 'API', ok: false, detail: 'Injoignable' });
  expect(systemChecks({ status: 'ok', not_ready: [], services: { auth: { ready: true } } }, spanish)[0]!.detail).toBe('1 servicio listo');
});
