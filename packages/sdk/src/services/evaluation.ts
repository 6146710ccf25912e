import type {
  EssayText,
  EssayType,
  Evaluation,
  EvaluationList,
  EvaluationProgress,
  EvaluationStatus,
  MessageResponse,
  MyEvaluationsQuery,
  SubmissionDetails,
} from '@corestone/contracts';
import { ApiError, POLLING_TIMEOUT_MESSAGE, isApiError } from '../errors';
import { readEventStream } from '../sse';
import type { DownloadedFile } from '../http';
import { sleep } from '../sleep';
import type { Transport } from '../transport';

export interface SubmitEvaluationInput {
  file: Blob & { name?: string };
  title: string;
  essay_type: EssayType;
  rubric_id: string;
  subject_area?: string;
  /** What the student stated (research question, prescribed title, citation style, AoK, context); blank ones are not sent. */
  details?: SubmissionDetails;
  /** A submission into a class assignment (issue 31): type and rubric must be the assignment's. */
  assignment_id?: string;
  signal?: AbortSignal;
}

/** `POST /evaluation/evaluate`: the essay as text (the browser-local assessment path uses it). */
export interface EvaluateTextInput {
  essay_content: string;
  title: string;
  essay_type: EssayType;
  rubric_id: string;
  subject_area?: string;
  details?: SubmissionDetails;
  assignment_id?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface WatchOptions {
  /** each change of status or progress, from the stream or from polling */
  onProgress?: (progress: EvaluationProgress) => void;
  signal?: AbortSignal;
  /** polling fallback: every 2000 ms (spec user-app §9) */
  pollIntervalMs?: number;
  /** polling fallback: at most 60 attempts (spec user-app §9) */
  maxPolls?: number;
  /** stream silent this long (the server beats every 15 s) → polling; default 45 s */
  streamIdleMs?: number;
}

export interface PollOptions {
  intervalMs?: number;
  maxAttempts?: number;
  onUpdate?: (evaluation: Evaluation) => void;
  signal?: AbortSignal;
}

const TERMINAL: readonly EvaluationStatus[] = ['completed', 'failed'];
const isTerminal = (status: string): boolean => (TERMINAL as readonly string[]).includes(status);
/** How often watch() opens a cut event stream again (with Last-Event-ID) before it polls. */
const STREAM_RESUMES = 3;
const evalPath = (id: string, rest = '') => `/evaluation/${encodeURIComponent(id)}${rest}`;

/** The multipart fields both ways of submitting an essay start with. */
function essayForm(
  input: Pick<SubmitEvaluationInput, 'title' | 'essay_type' | 'rubric_id' | 'subject_area' | 'details' | 'assignment_id'>,
): FormData {
  const fd = new FormData();
  fd.append('title', input.title);
  fd.append('essay_type', input.essay_type);
  fd.append('rubric_id', input.rubric_id);
  if (input.subject_area) fd.append('subject_area', input.subject_area);
  if (input.assignment_id) fd.append('assignment_id', input.assignment_id);
  for (const [name, value] of Object.entries(input.details ?? {})) if (value?.trim()) fd.append(name, value.trim());
  return fd;
}

function progressOf(ev: Evaluation): EvaluationProgress {
  return {
    id: ev.id,
    status: ev.status,
    progress: ev.status === 'completed' ? 100 : ev.progress,
    overall_score: ev.overall_score,
    error_message: ev.error_message,
    completed_at: ev.completed_at,
  };
}

/** `/evaluation/*` for the submitting user: submit, read, list, retry, delete, report, live progress. */
export class EvaluationsApi {
  constructor(private readonly t: Transport) {}

  /** multipart POST /evaluation/evaluate-async, include_reflection=true, 300 s timeout. */
  submit(input: SubmitEvaluationInput): Promise<Evaluation> {
    return this.t.request<Evaluation>('/evaluation/evaluate-async', {
      method: 'POST',
      body: () => {
        const fd = essayForm(input);
        fd.append('include_reflection', 'true');
        fd.append('file', input.file, input.file.name ?? 'essay');
        return fd;
      },
      timeoutMs: 300_000,
      signal: input.signal,
    });
  }

  /** multipart POST /evaluation/evaluate with the essay text. */
  evaluateText(input: EvaluateTextInput): Promise<Evaluation> {
    return this.t.request<Evaluation>('/evaluation/evaluate', {
      method: 'POST',
      body: () => {
        const fd = essayForm(input);
        fd.append('essay_content', input.essay_content);
        return fd;
      },
      timeoutMs: input.timeoutMs,
      signal: input.signal,
    });
  }

  get(id: string): Promise<Evaluation> {
    return this.t.request<Evaluation>(evalPath(id));
  }

  /** The caller's own submissions, newest first, as lists show them; `get(id)` has a submission's full result. */
  mine(filters: MyEvaluationsQuery = {}): Promise<EvaluationList> {
    return this.t.request<EvaluationList>('/evaluation/my-evaluations', { query: filters });
  }

  remove(id: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>(evalPath(id), { method: 'DELETE' });
  }

  /** GET /evaluation/{id}/download-pdf (60 s timeout). */
  downloadPdf(id: string): Promise<DownloadedFile> {
    return this.t.download(evalPath(id, '/download-pdf'), { timeoutMs: 60_000 });
  }

  /** GET /evaluation/{id}/text: the essay text that was graded (the owner's, or any for an admin); passage offsets point into it. */
  essayText(id: string): Promise<EssayText> {
    return this.t.request<EssayText>(evalPath(id, '/text'));
  }

  retry(id: string): Promise<Evaluation> {
    return this.t.request<Evaluation>(evalPath(id, '/retry'), { method: 'POST' });
  }

  /** Every 2000 ms, at most 60 attempts, until completed or failed (spec user-app §4). */
  async poll(id: string, options: PollOptions = {}): Promise<Evaluation> {
    const interval = options.intervalMs ?? 2000;
    const max = options.maxAttempts ?? 60;
    for (let attempt = 1; attempt <= max; attempt++) {
      const ev = await this.get(id);
      options.onUpdate?.(ev);
      if (isTerminal(ev.status)) return ev;
      if (attempt < max) await sleep(interval, options.signal);
    }
    throw new Error(POLLING_TIMEOUT_MESSAGE);
  }

  /**
   * Follows one evaluation until it is completed or failed and resolves with the whole final
   * evaluation. Live through `GET /evaluation/{id}/events` (read with fetch so the bearer header
   * travels as on every call; never a token in a URL); a stream cut after it gave events is opened
   * again with `Last-Event-ID` (up to 3 times: another replica answers with what changed); if the
   * stream cannot be opened, or keeps being cut or going silent, it falls back to polling (2 s, 60 attempts).
   */
  async watch(id: string, options: WatchOptions = {}): Promise<Evaluation> {
    const { onProgress, signal } = options;
    let last = '';
    const report = (p: EvaluationProgress) => {
      const key = [p.status, p.progress, p.overall_score, p.error_message, p.completed_at].join('|');
      if (key !== last) {
        last = key;
        onProgress?.(p);
      }
    };
    let outcome = 'fallback' as 'terminal' | 'deleted' | 'fallback';
    // A stream cut after it gave events (its replica gone, a gateway changed) is opened again with
    // the last event's id as Last-Event-ID: the server answers with the state only if it changed
    // since. After STREAM_RESUMES such cuts, or a stream that cannot be opened, polling takes over.
    let lastEventId: string | null = null;
    for (let resumes = 0; outcome === 'fallback' && resumes <= STREAM_RESUMES; resumes++) {
      let gotEvents = false;
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const res = await this.t.fetchResponse(evalPath(id, '/events'), { headers, signal });
        if (res.body && (res.headers.get('content-type') ?? '').includes('text/event-stream')) {
          await readEventStream(
            res.body,
            (e) => {
              gotEvents = true;
              if (e.id) lastEventId = e.id;
              if (e.event === 'deleted') outcome = 'deleted';
              else if (e.event === 'status') {
                const p = JSON.parse(e.data) as EvaluationProgress;
                report(p);
                if (isTerminal(p.status)) outcome = 'terminal';
              }
              return outcome !== 'fallback';
            },
            { signal, idleMs: options.streamIdleMs ?? 45_000 },
          );
        } else {
          await res.body?.cancel().catch(() => undefined);
        }
      } catch (e) {
        if (signal?.aborted) throw signal.reason ?? e;
        // a missing or foreign evaluation, or a session that ended, is not cured by polling
        if (isApiError(e) && (e.status === 404 || e.status === 401 || e.status === 403)) throw e;
      }
      if (!gotEvents && !lastEventId) break; // never opened: poll
    }
    if (outcome === 'deleted') throw new ApiError(404, 'Evaluation not found', 'NOT_FOUND');
    if (outcome === 'terminal') return this.get(id);
    return this.poll(id, {
      intervalMs: options.pollIntervalMs,
      maxAttempts: options.maxPolls,
      signal,
      onUpdate: (ev) => report(progressOf(ev)),
    });
  }
}
