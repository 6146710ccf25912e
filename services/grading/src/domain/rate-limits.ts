/**
 * Pure rules of the shared provider budget (issue 33 §1): how many tokens a model request is
 * charged, what a provider's `x-ratelimit-*` headers say, which tenant a job belongs to, and how
 * long a queued essay will wait.
 */

/** Characters per token in OpenAI's own estimate of a request (its rate limiter counts ~4 per token). */
export const CHARS_PER_TOKEN = 4;
/** Tokens of framing per chat message (role, separators), counted on top of its text. */
const TOKENS_PER_MESSAGE = 4;

/**
 * Tokens a chat request is charged against a tokens-per-minute limit before it is sent: the
 * estimated input (characters / 4, plus a little per message) and the whole `max_tokens` allowance
 * — OpenAI admits a request by the two together, whatever the reply turns out to use.
 */
export function estimateRequestTokens(messages: ReadonlyArray<{ content: string }>, maxTokens: number): number {
  const chars = messages.reduce((n, m) => n + m.content.length, 0);
  return Math.ceil(chars / CHARS_PER_TOKEN) + TOKENS_PER_MESSAGE * messages.length + maxTokens;
}

/**
 * A duration as OpenAI writes it in `x-ratelimit-reset-*`: `6m0s`, `1s`, `20ms`, `1h2m3.5s`, or a
 * plain number of seconds. Null when unreadable.
 */
export function parseResetMs(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const text = raw.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let matched = '';
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const n = Number(m[1]);
    total += m[2] === 'h' ? n * 3_600_000 : m[2] === 'm' ? n * 60_000 : m[2] === 's' ? n * 1000 : n;
    matched += m[0];
  }
  return matched.length === text.length && matched.length > 0 ? total : null;
}

type HeaderSource = { get(name: string): string | null } | undefined;

/** What one provider response said about the limits: any field may be missing (another provider). */
export interface RateLimitSnapshot {
  limitTokens?: number;
  limitRequests?: number;
  remainingTokens?: number;
  remainingRequests?: number;
  /** Time until the tokens (requests) budget is whole again, ms. */
  resetTokensMs?: number;
  resetRequestsMs?: number;
}

const num = (h: HeaderSource, name: string): number | undefined => {
  const v = Number.parseFloat(h?.get(name) ?? '');
  return Number.isFinite(v) && v >= 0 ? v : undefined;
};

/** Reads OpenAI's `x-ratelimit-{limit,remaining,reset}-{tokens,requests}` headers. */
export function readRateLimitHeaders(h: HeaderSource): RateLimitSnapshot {
  const snap: RateLimitSnapshot = {
    limitTokens: num(h, 'x-ratelimit-limit-tokens'),
    limitRequests: num(h, 'x-ratelimit-limit-requests'),
    remainingTokens: num(h, 'x-ratelimit-remaining-tokens'),
    remainingRequests: num(h, 'x-ratelimit-remaining-requests'),
    resetTokensMs: parseResetMs(h?.get('x-ratelimit-reset-tokens')) ?? undefined,
    resetRequestsMs: parseResetMs(h?.get('x-ratelimit-reset-requests')) ?? undefined,
  };
  return Object.fromEntries(Object.entries(snap).filter(([, v]) => v !== undefined)) as RateLimitSnapshot;
}

/**
 * How long a 429 says to hold off: the provider's `retry-after-ms` / `retry-after` when it sends
 * one; otherwise until the provider has refilled what the refused request lacked — its tokens beyond
 * `x-ratelimit-remaining-tokens` (a request short of the remaining requests: one request) at the
 * limit's rate — never longer than the `x-ratelimit-reset-*` it names (the time until the budget is
 * whole again: waiting for all of it would leave most of a window unused after every 429). With
 * nothing to go by, `fallbackMs`.
 */
export function holdAfter429Ms(
  h: HeaderSource,
  snap: RateLimitSnapshot,
  request: { tokens: number; windowMs: number },
  fallbackMs: number,
): number {
  const ms = num(h, 'retry-after-ms');
  if (ms !== undefined) return ms;
  const s = num(h, 'retry-after');
  if (s !== undefined) return s * 1000;
  const refill = (short: number, limit: number | undefined, reset: number | undefined) => {
    if (short <= 0) return 0;
    const byRate = limit ? (short / limit) * request.windowMs : undefined;
    const candidates = [byRate, reset].filter((v): v is number => v !== undefined);
    return candidates.length ? Math.min(...candidates) : undefined;
  };
  const tokens =
    snap.remainingTokens !== undefined ? refill(request.tokens - snap.remainingTokens, snap.limitTokens, snap.resetTokensMs) : undefined;
  const requests =
    snap.remainingRequests !== undefined ? refill(1 - snap.remainingRequests, snap.limitRequests, snap.resetRequestsMs) : undefined;
  if (tokens === undefined && requests === undefined) return snap.resetTokensMs ?? snap.resetRequestsMs ?? fallbackMs;
  return Math.ceil(Math.max(tokens ?? 0, requests ?? 0));
}

/**
 * The tenant an essay is queued under: its school, or the individual who submitted it. Tenants
 * are served round-robin (weighted), so a school's burst waits behind itself, not others.
 */
export function tenantOf(job: { user_id: string; school_id?: string | null }): string {
  return job.school_id ? `school:${job.school_id}` : `user:${job.user_id}`;
}

/**
 * "school-id=value,school-id=value" (config) → a map. Values must be positive numbers; anything
 * else throws (refused at start-up).
 */
export function parseSchoolNumbers(raw: string | undefined, what: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of (raw ?? '').split(',')) {
    if (!part.trim()) continue;
    const [id, value] = part.split('=').map((s) => s.trim());
    const n = Number(value);
    if (!id || !Number.isFinite(n) || n <= 0) throw new Error(`Invalid configuration: ${what} entry "${part}" (want school-id=number)`);
    out.set(id, n);
  }
  return out;
}

/** The budget as it stood when a position was read (from the shared store). */
export interface BudgetState {
  /** Tokens (requests) the bucket holds now. */
  tokens: number;
  requests: number;
  /** Tokens (requests) refilled per window, as limited now (the learnt limit, shrunk after 429s). */
  tokensPerWindow: number;
  requestsPerWindow: number;
  windowMs: number;
  /** Ms until a 429's hold ends (0 when none). */
  heldMs: number;
}

/**
 * When an essay with `ahead` requests queued before it will be sent, in ms from now: the budget
 * refills at tokensPerWindow per window (and requestsPerWindow), and the essays ahead, then this
 * one, each take about `tokensEach`. An estimate: the queue moves as others join and leave it.
 */
export function estimatedStartMs(ahead: number, tokensEach: number, budget: BudgetState): number {
  const tokensNeeded = (ahead + 1) * tokensEach - budget.tokens;
  const requestsNeeded = ahead + 1 - budget.requests;
  const byTokens = tokensNeeded > 0 && budget.tokensPerWindow > 0 ? (tokensNeeded / budget.tokensPerWindow) * budget.windowMs : 0;
  const byRequests = requestsNeeded > 0 && budget.requestsPerWindow > 0 ? (requestsNeeded / budget.requestsPerWindow) * budget.windowMs : 0;
  return Math.ceil(budget.heldMs + Math.max(byTokens, byRequests));
}
