import type {
  EssayType,
  MessageResponse,
  ProcessedRubricFile,
  Rubric,
  RubricInput,
  RubricQuery,
  RubricUpdate,
  RubricUsageStats,
  RubricValidation,
  ScoringStructure,
} from '@corestone/contracts';
import type { Transport } from '../transport';

const rubricPath = (id: string, rest = '') => `/rubrics/${encodeURIComponent(id)}${rest}`;

function fileForm(file: Blob & { name?: string }, fields: Record<string, string | undefined>): () => FormData {
  return () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, v);
    fd.append('file', file, file.name ?? 'rubric');
    return fd;
  };
}

/** `/rubrics/*`: active rubrics for everyone; management for super_admin (spec admin §7 "Rubrics"). */
export class RubricsApi {
  constructor(private readonly t: Transport) {}

  active(type?: EssayType): Promise<Rubric[]> {
    return this.t.request<Rubric[]>('/rubrics/active', { query: { rubric_type: type } });
  }

  list(query: RubricQuery = {}): Promise<Rubric[]> {
    return this.t.request<Rubric[]>('/rubrics/', { query: { ...query } });
  }

  get(id: string): Promise<Rubric> {
    return this.t.request<Rubric>(rubricPath(id));
  }

  create(input: RubricInput): Promise<Rubric> {
    return this.t.request<Rubric>('/rubrics', { method: 'POST', json: input });
  }

  update(id: string, patch: RubricUpdate): Promise<Rubric> {
    return this.t.request<Rubric>(rubricPath(id), { method: 'PUT', json: patch });
  }

  remove(id: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>(rubricPath(id), { method: 'DELETE' });
  }

  usageStats(id: string): Promise<RubricUsageStats> {
    return this.t.request<RubricUsageStats>(rubricPath(id, '/usage-stats'));
  }

  validateCriteria(criteria_text: string): Promise<RubricValidation> {
    return this.t.request<RubricValidation>('/rubrics/validate-criteria', { method: 'POST', json: { criteria_text } });
  }

  validateScoring(scoring_structure: ScoringStructure): Promise<RubricValidation> {
    return this.t.request<RubricValidation>('/rubrics/validate-scoring', { method: 'POST', json: { scoring_structure } });
  }

  defaultScoring(type: EssayType): Promise<ScoringStructure> {
    return this.t.request<ScoringStructure>(`/rubrics/default-scoring/${type}`);
  }

  /** Reads a rubric document (pdf, docx, doc, txt ≤ 10 MB) and answers what it recognised. */
  processFile(file: Blob & { name?: string }, rubric_type: EssayType): Promise<ProcessedRubricFile> {
    return this.t.request<ProcessedRubricFile>('/rubrics/process-file', {
      method: 'POST',
      body: fileForm(file, { rubric_type }),
      timeoutMs: 120_000,
    });
  }

  createFromFile(file: Blob & { name?: string }, input: { title: string; description?: string; rubric_type: EssayType }): Promise<Rubric> {
    return this.t.request<Rubric>('/rubrics/create-from-file', {
      method: 'POST',
      body: fileForm(file, { title: input.title, description: input.description, rubric_type: input.rubric_type }),
      timeoutMs: 120_000,
    });
  }
}
