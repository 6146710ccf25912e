import { createHash } from 'node:crypto';
import type { AiEndpointConfig } from '@corestone/contracts';
import type { Grader, GradingJob } from '../../domain/job';
import type { Admission } from '../admission';
import type { EndpointTarget } from '../../peers/endpoint-test';
import type { SchoolSettingsSource } from '../../peers/school-endpoints';
import { createOpenAiGrader, type OpenAiGraderOptions } from '../../peers/openai';

/** The grader of one job, and the shared budget its model requests draw from (none: sent at once). */
export interface JobRoute {
  grader: Grader;
  admission?: Admission;
}

export interface SchoolRouterDeps {
  settings: SchoolSettingsSource;
  /** The built-in grader: all a school that switched AI grading off gets. */
  builtin: Grader;
  /** The platform's model settings (budget, retries, samples, fallback, exemplars) for a school's endpoint. */
  modelOptions: (target: EndpointTarget) => OpenAiGraderOptions;
  /** The shared budget of an endpoint (its own, by endpoint id), when the budget is on. */
  admissionFor?: (target: EndpointTarget) => Admission;
  /** The key sent to an endpoint stored without one. */
  noKey: string;
}

/** A stored endpoint as the SDK client takes it: Azure by its resource endpoint, deployment and api-version. */
export function endpointTarget(e: AiEndpointConfig, noKey: string): EndpointTarget {
  return {
    apiKey: e.api_key ?? noKey,
    baseURL: e.base_url,
    model: e.model,
    ...(e.kind === 'azure' && e.azure_deployment
      ? { azure: { deployment: e.azure_deployment, apiVersion: e.azure_api_version ?? '' } }
      : {}),
  };
}

/** What identifies an endpoint's grader and budget (the key hashed, never kept in clear as a map key). */
export const targetId = (t: EndpointTarget) =>
  createHash('sha256')
    .update([t.baseURL, t.azure?.deployment, t.azure?.apiVersion, t.model, t.apiKey].join('\n'))
    .digest('base64url')
    .slice(0, 22);

/**
 * Issue 33 §2: which grader grades a school's essay. A job with no school, or naming a non-model
 * grader itself, goes as before (null). A school that switched AI grading off
 * (`settings.ai_grader_enabled` false) gets the built-in grader only, with no model request; a school
 * with its own endpoint gets the model grader on that endpoint, with the platform's model settings
 * and a budget of its own; any other school, the platform's grader. One grader and budget per
 * distinct endpoint, kept while the process runs (a changed endpoint is a new one).
 */
export function createSchoolRouter(deps: SchoolRouterDeps) {
  const built = new Map<string, JobRoute>();
  const routeOf = (target: EndpointTarget): JobRoute => {
    const id = targetId(target);
    let route = built.get(id);
    if (!route) {
      route = { grader: createOpenAiGrader(deps.modelOptions(target)), admission: deps.admissionFor?.(target) };
      built.set(id, route);
    }
    return route;
  };
  return {
    async route(job: GradingJob): Promise<JobRoute | null> {
      if (!job.school_id || (job.grader && job.grader !== 'openai')) return null;
      const school = await deps.settings(job.school_id);
      if (!school.ai_enabled) return { grader: deps.builtin };
      return school.endpoint ? routeOf(endpointTarget(school.endpoint, deps.noKey)) : null;
    },
    /** Every school endpoint's budget (stopped with the worker). */
    admissions: (): Admission[] => [...built.values()].flatMap((r) => (r.admission ? [r.admission] : [])),
  };
}
