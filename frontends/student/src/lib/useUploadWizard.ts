import { useEffect, useMemo, useRef, useState } from 'react';
import { App as AntApp } from 'antd';
import { useIntl } from 'react-intl';
import type { EssayType, RemoteAppProps } from '@corestone/sdk';
import { checkFile, checkTextFile, processingStage, submitFailureText } from './upload';
import { EMPTY_EE, EMPTY_TOK, isBlankMeta, metadataProblems, statedDetails, type EeMeta, type TokMeta } from './uploadMetadata';
import { clearDraft, readDraft, saveDraft } from './uploadDraft';
import { fieldControl, type Field, type FieldErrors } from './uploadFields';
import { useRubricChoice } from './useRubricChoice';
import { useAssignmentTarget } from './useAssignmentTarget';
import { useStepInAddress } from './useStepInAddress';
import { useTokTitles } from './useTokTitles';
import { METADATA_STEP, REVIEW_STEP, UPLOAD_STEP } from './wizardSteps';

export type UploadWizardState = ReturnType<typeof useUploadWizard>;

/** The upload wizard's state and flow: the file, the metadata draft, the rubric choice, the step and the submit. */
export function useUploadWizard({ type, user, client, refreshUser }: RemoteAppProps & { type: EssayType }) {
  const { notification } = AntApp.useApp();
  const intl = useIntl();
  const [restored] = useState(() => readDraft(user.id, type));
  const [draftCameBack, setDraftCameBack] = useState(() => restored !== null && !isBlankMeta(type === 'ee' ? restored.ee : restored.tok));
  const [file, setFile] = useState<File | null>(null);
  const [fileName, setFileName] = useState<string | null>(restored?.fileName ?? null);
  const [ee, setEe] = useState<EeMeta>(restored?.ee ?? EMPTY_EE);
  const [tok, setTok] = useState<TokMeta>(restored?.tok ?? EMPTY_TOK);
  const { rubrics: activeRubrics, rubricId, setRubricId } = useRubricChoice(client, type, restored?.rubricId ?? '');
  // issue 31: submitting into an assignment, its rubric is the one (and the only one offered)
  const target = useAssignmentTarget(client, type);
  const assignment = target.assignment;
  useEffect(() => {
    if (assignment && !activeRubrics.loading) setRubricId(assignment.rubric_id);
  }, [assignment, activeRubrics.loading, setRubricId]);
  const rubrics = useMemo(() => {
    if (!assignment || activeRubrics.loading) return activeRubrics;
    const only = activeRubrics.list.filter((r) => r.id === assignment.rubric_id);
    return only.length ? { ...activeRubrics, list: only } : activeRubrics;
  }, [assignment, activeRubrics]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [stage, setStage] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const busy = stage !== null;

  // a draft is what the student wrote or chose in the metadata; the rubric choice and the file's name go with it
  useEffect(() => {
    if (isBlankMeta(type === 'ee' ? ee : tok)) clearDraft(user.id, type);
    else saveDraft(user.id, type, { ee, tok, rubricId, fileName });
  }, [user.id, type, ee, tok, rubricId, fileName]);

  // no file → Upload; metadata 'Review & Submit' would refuse → Metadata
  const problems = useMemo(() => metadataProblems(type, ee, tok, rubricId, intl), [type, ee, tok, rubricId, intl]);
  const { step, goForward, goBack, goBackToStart, leaveFor } = useStepInAddress(
    (wanted) => (wanted > UPLOAD_STEP && !file ? UPLOAD_STEP : wanted === REVIEW_STEP && problems.length ? METADATA_STEP : wanted),
    busy,
  );

  // keyboard and screen reader users start on the new step (not on the first render: the page has its own start)
  const panel = useRef<HTMLDivElement>(null);
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    panel.current?.focus();
  }, [step]);

  const rubric = useMemo(() => rubrics.list.find((r) => r.id === rubricId), [rubrics.list, rubricId]);
  const tokTitles = useTokTitles(client);

  const fail = (description: string) =>
    notification.error({
      title: intl.formatMessage({ id: 'upload.validationError', defaultMessage: 'Validation Error' }),
      description,
      duration: 7,
    });
  const pleaseUpload = () => intl.formatMessage({ id: 'upload.pleaseUpload', defaultMessage: 'Please upload a file' });

  /** The 'Validation Error' toast for the first problem, each field marked with its own, focus on the first. */
  const refuse = (found: { field: Field; message: string }[]) => {
    const [first] = found;
    if (!first) return;
    fail(first.message);
    setErrors(Object.fromEntries(found.map((p) => [p.field, p.message])));
    fieldControl(panel.current, first.field)?.focus();
  };
  /** A changed field is no longer marked (a category change also empties the subject). */
  const fixed = (...fields: Field[]) =>
    setErrors((prev) =>
      fields.some((f) => prev[f]) ? Object.fromEntries(Object.entries(prev).filter(([f]) => !fields.includes(f as Field))) : prev,
    );

  const changeEe = (patch: Partial<EeMeta>, ...fields: Field[]) => {
    setEe((prev) => ({ ...prev, ...patch }));
    fixed(...fields);
  };
  const changeTok = (patch: Partial<TokMeta>, ...fields: Field[]) => {
    setTok((prev) => ({ ...prev, ...patch }));
    fixed(...fields);
  };
  const chooseRubric = (id: string) => {
    if (assignment) return;
    setRubricId(id);
    fixed('rubric');
  };

  // wrong type, empty, over 20 MB, or a .txt with more text than the server takes: refused here, not at submit
  const pickFile = async (f: File) => {
    const problem = checkFile(f, intl) ?? (await checkTextFile(f, intl));
    if (problem) {
      notification.error({
        title: intl.formatMessage({ id: 'upload.invalidFile', defaultMessage: 'Invalid file' }),
        description: problem,
        duration: 7,
      });
      return;
    }
    setFile(f);
    setFileName(f.name);
    fixed('file');
  };
  const removeFile = () => setFile(null);

  const next = () => {
    if (step === UPLOAD_STEP) {
      if (!file) return refuse([{ field: 'file', message: pleaseUpload() }]);
      goForward(METADATA_STEP);
    } else if (step === METADATA_STEP) {
      if (problems.length) return refuse(problems);
      goForward(REVIEW_STEP);
    }
  };
  /** One step back, as the browser's Back would when the previous entry is the wizard's. */
  const backTo = (to: number) => goBack(1, to);

  const startOver = () => {
    clearDraft(user.id, type);
    setDraftCameBack(false);
    setFile(null);
    setFileName(null);
    setEe(EMPTY_EE);
    setTok(EMPTY_TOK);
    setRubricId(assignment?.rubric_id ?? '');
    setErrors({});
    setStage(null);
    setSubmitError(null);
    goBackToStart();
  };

  const essayName =
    type === 'ee'
      ? intl.formatMessage({ id: 'upload.essayName.ee', defaultMessage: 'Extended Essay' })
      : intl.formatMessage({ id: 'upload.essayName.tok', defaultMessage: 'TOK Essay' });
  // the default title is stored with the submission: it stays in English, as the spec fixes it
  const defaultTitle = assignment?.title ?? (type === 'ee' ? 'Extended Essay Submission' : 'Theory of Knowledge Submission');
  const title = (type === 'ee' ? ee.title : tok.title).trim() || defaultTitle;

  const submit = async () => {
    if (!file) return fail(pleaseUpload());
    if (!rubricId) return fail(intl.formatMessage({ id: 'upload.problem.rubric', defaultMessage: 'Please select a rubric' }));
    setSubmitError(null);
    setStage(intl.formatMessage({ id: 'upload.stage.preparing', defaultMessage: 'Preparing submission...' }));
    const timer = setTimeout(() => setStage(processingStage(file, intl)), 400);
    try {
      const ev = await client.evaluations.submit({
        file,
        title,
        essay_type: type,
        rubric_id: rubricId,
        subject_area: type === 'ee' ? ee.subject : '',
        details: statedDetails(type, ee, tok),
        ...(assignment ? { assignment_id: assignment.id } : {}),
      });
      clearTimeout(timer);
      clearDraft(user.id, type);
      setStage(intl.formatMessage({ id: 'upload.stage.done', defaultMessage: 'File processed successfully! Redirecting...' }));
      await refreshUser();
      leaveFor(`/dashboard/results/${ev.id}`);
    } catch (e) {
      clearTimeout(timer);
      setStage(null);
      const text = submitFailureText(e, intl);
      setSubmitError(text);
      notification.error({
        title: intl.formatMessage({ id: 'upload.submissionFailed', defaultMessage: 'Submission Failed' }),
        description: text,
        duration: 7,
      });
    }
  };

  return {
    type,
    target,
    step,
    panel,
    essayName,
    defaultTitle,
    title,
    file,
    fileName,
    draftCameBack,
    ee,
    tok,
    tokTitles,
    rubrics,
    rubricId,
    rubric,
    errors,
    stage,
    submitError,
    busy,
    pickFile,
    removeFile,
    changeEe,
    changeTok,
    chooseRubric,
    next,
    backTo,
    startOver,
    submit,
  };
}
