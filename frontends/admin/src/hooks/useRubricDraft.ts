import { useEffect, useState } from 'react';
import {
  errorMessage,
  type CorestoneClient,
  type EssayType,
  type ProcessedRubricFile,
  type Rubric,
  type RubricStatus,
  type ScoringStructure,
} from '@corestone/sdk';
import { rubricFileError } from '../lib/rubricFile';
import { rubricTextProblem } from '../lib/rubricText';
import { scoringProblems } from '../lib/scoring';
import { useIntl } from 'react-intl';
import { useRubricTranslations } from './useRubricTranslations';

/** The dialog's views of an existing rubric: its English texts and scoring, or their translations (issue 36). */
export type RubricView = 'rubric' | 'translations';

/**
 * The rubric dialog's draft: a new rubric (`rubric` null: a document is chosen and processed by the
 * server first, which fills the criteria and the scoring) or an existing one; `save` checks the
 * texts and the scoring, then creates or updates it, says so and calls `onSaved`; `onClose` is
 * called 1.5 s after a success. An existing rubric's French and Spanish texts (`translations`) are
 * saved with the same PUT, only the languages changed; a refusal of them is said at their fields.
 */
export function useRubricDraft(client: CorestoneClient, rubric: Rubric | null, onSaved: () => void, onClose: () => void) {
  const intl = useIntl();
  const creating = rubric === null;
  const [title, setTitle] = useState(rubric?.title ?? '');
  const [description, setDescription] = useState(rubric?.description ?? '');
  const [type, setTypeState] = useState<EssayType>(rubric?.rubric_type ?? 'ee');
  const [status, setStatus] = useState<RubricStatus>(rubric?.status ?? 'active');
  const [criteria, setCriteria] = useState(rubric?.criteria_text ?? '');
  const [scoring, setScoring] = useState<ScoringStructure | null>(rubric?.scoring_structure ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [processed, setProcessed] = useState<ProcessedRubricFile | null>(null);
  const [busy, setBusy] = useState<'process' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [view, setView] = useState<RubricView>('rubric');
  const translations = useRubricTranslations(rubric, { title, description, scoring });

  useEffect(() => {
    if (!success) return;
    const t = setTimeout(onClose, 1500);
    return () => clearTimeout(t);
  }, [success, onClose]);

  /** A new type needs the document processed again. */
  const setType = (t: EssayType) => {
    setTypeState(t);
    setProcessed(null);
  };
  /** The chosen document (kept from upload: answers false), or why it cannot be used. */
  const pick = (f: File) => {
    const problem = rubricFileError(f, intl);
    setProcessed(null);
    if (problem) {
      setError(problem);
      setFile(null);
    } else {
      setError(null);
      setFile(f);
    }
    return false;
  };
  const process = async () => {
    if (!file) return;
    setBusy('process');
    setError(null);
    try {
      const p = await client.rubrics.processFile(file, type);
      setProcessed(p);
      setScoring(p.structured_rubric.scoring_structure);
      setCriteria(p.criteria_text);
      if (!title.trim()) setTitle(p.structured_rubric.title);
      if (!description.trim()) setDescription(p.structured_rubric.description);
    } catch (e) {
      setError(errorMessage(e, intl.formatMessage({ id: 'rubricDraft.failedToProcessFile', defaultMessage: 'Failed to process file' })));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    setError(null);
    if (!title.trim()) return setError(intl.formatMessage({ id: 'rubricDraft.titleRequired', defaultMessage: 'Title is required' }));
    const tooLong = rubricTextProblem({ title, description, criteria }, intl);
    if (tooLong) return setError(tooLong);
    if (creating && !processed)
      return setError(
        intl.formatMessage({ id: 'rubricDraft.processFirst', defaultMessage: 'Please process a file first before creating the rubric.' }),
      );
    const scoringProblem = scoring ? scoringProblems(scoring, intl)[0] : undefined;
    if (scoringProblem) return setError(scoringProblem);
    if (!creating && !translations.check()) {
      setView('translations');
      return setError(
        intl.formatMessage({
          id: 'rubricDraft.translationsTooLong',
          defaultMessage: 'Some translations are too long: see the marked texts under Translations.',
        }),
      );
    }
    setBusy('save');
    try {
      if (creating) {
        await client.rubrics.create({
          title: title.trim(),
          description: description.trim(),
          rubric_type: type,
          criteria_text: processed!.criteria_text,
          scoring_structure: scoring ?? processed!.structured_rubric.scoring_structure,
          status,
        });
        setSuccess(intl.formatMessage({ id: 'rubricDraft.created', defaultMessage: 'Rubric created successfully' }));
      } else {
        const changedTranslations = translations.changed();
        await client.rubrics.update(rubric.id, {
          title: title.trim(),
          description: description.trim(),
          criteria_text: criteria,
          status,
          ...(scoring && JSON.stringify(scoring) !== JSON.stringify(rubric.scoring_structure) ? { scoring_structure: scoring } : {}),
          ...(changedTranslations ? { translations: changedTranslations } : {}),
        });
        setSuccess(intl.formatMessage({ id: 'rubricDraft.updated', defaultMessage: 'Rubric updated successfully' }));
      }
      onSaved();
    } catch (e) {
      if (!creating && translations.refused(e)) {
        setView('translations');
        return setError(
          intl.formatMessage({
            id: 'rubricDraft.translationsRefused',
            defaultMessage: 'Some translations do not fit the rubric: see the marked texts under Translations. Nothing was saved.',
          }),
        );
      }
      setError(
        errorMessage(
          e,
          creating
            ? intl.formatMessage({ id: 'rubricDraft.failedToCreate', defaultMessage: 'Failed to create rubric' })
            : intl.formatMessage({ id: 'rubricDraft.failedToUpdate', defaultMessage: 'Failed to update rubric' }),
        ),
      );
    } finally {
      setBusy(null);
    }
  };

  return {
    creating,
    title,
    setTitle,
    description,
    setDescription,
    type,
    setType,
    status,
    setStatus,
    criteria,
    setCriteria,
    scoring,
    setScoring,
    file,
    pick,
    processed,
    process,
    busy,
    error,
    success,
    save,
    view,
    setView,
    translations,
  };
}
