import { createHash } from 'node:crypto';
import type { Redis } from '@corestone/service-kit';
import type { BudgetState } from '../domain/rate-limits';

/**
 * The shared provider budget and the fair queue in front of it, kept in Redis so that every
 * grading replica draws from one budget per provider endpoint (issue 33 §1). grading has no
 * database: this is its only shared state, and it is rebuilt from JetStream (the held jobs
 * enqueue themselves again) if Redis loses it.
 *
 * Keys (all under one hash tag, so a Redis Cluster keeps them in one slot): `<prefix>{gq:<endpoint>}:`
 * - `budget` hash: the token bucket — `tokens`, `requests` (what it holds), `ts` (last refill),
 *   `ltok`, `lreq` (the limits learnt from the provider, per window), `until` (a 429's hold),
 *   `scale` (shrunk by each 429, regrown by successes);
 * - `jobs` hash: queued request id → {t: tenant, h: holder replica, n: tokens, w: weight, c: cap, s: seq};
 * - `t:<tenant>` zset: the tenant's queued requests by arrival (seq);
 * - `active` zset: tenants with queued requests by virtual time (tokens served / weight: start-time
 *   fair queueing — the tenant served least goes next, so equal tenants alternate); `vt` hash keeps
 *   an idle tenant's virtual time, `clock` the virtual time last served (a newcomer starts there);
 * - `cap:<tenant>`: tokens a capped tenant used in the current window;
 * - `alive:<holder>`: a replica's liveness (a dead replica's queued requests are dropped when met;
 *   JetStream redelivers their jobs elsewhere).
 */

/**
 * Refills the bucket to `now` (sets tokens, requests, etok, ereq, held). Shared by the scripts.
 * `now` is Redis's own clock (TIME): replicas' clocks, and the order their scripts run in, would
 * otherwise refill one interval twice.
 */
const REFILL = `
local p = KEYS[1]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[2])
local b = redis.call('HMGET', p..'budget', 'tokens', 'requests', 'ts', 'ltok', 'lreq', 'until', 'scale')
local ltok = tonumber(b[4]) or tonumber(ARGV[3])
local lreq = tonumber(b[5]) or tonumber(ARGV[4])
local scale = tonumber(b[7]) or 1
local etok = ltok * scale
local ereq = lreq * scale
local tokens = tonumber(b[1]) or etok
local requests = tonumber(b[2]) or ereq
local last = tonumber(b[3]) or now
if now < last then now = last end
local el = now - last
tokens = math.min(etok, tokens + el * etok / window)
requests = math.min(ereq, requests + el * ereq / window)
local held = (tonumber(b[6]) or 0) - now
if held < 0 then held = 0 end
local function save()
  redis.call('HSET', p..'budget', 'tokens', tostring(tokens), 'requests', tostring(requests), 'ts', now, 'ltok', ltok, 'lreq', lreq, 'scale', tostring(scale))
end
`;

/** ARGV: now, window, cfgTok, cfgReq, id, tenant, holder, tokens, weight, cap, seq|'' → seq. */
const ENQUEUE = `
local p = KEYS[1]
local id = ARGV[5]
local raw = redis.call('HGET', p..'jobs', id)
if raw then
  local j = cjson.decode(raw)
  j.h = ARGV[7]
  redis.call('HSET', p..'jobs', id, cjson.encode(j))
  return j.s
end
local seq = tonumber(ARGV[11]) or redis.call('INCR', p..'seq')
local tenant = ARGV[6]
redis.call('HSET', p..'jobs', id, cjson.encode({t = tenant, h = ARGV[7], n = tonumber(ARGV[8]), w = tonumber(ARGV[9]), c = tonumber(ARGV[10]), s = seq}))
redis.call('ZADD', p..'t:'..tenant, seq, id)
if not redis.call('ZSCORE', p..'active', tenant) then
  local vt = tonumber(redis.call('HGET', p..'vt', tenant) or '0')
  local clock = tonumber(redis.call('GET', p..'clock') or '0')
  if clock > vt then vt = clock end
  redis.call('HDEL', p..'vt', tenant)
  redis.call('ZADD', p..'active', vt, tenant)
end
return seq
`;

/**
 * ARGV: now, window, cfgTok, cfgReq, holder, aliveMs. The fair pick (least virtual time, skipping capped
 * tenants and the requests of dead replicas) is granted when the bucket holds its tokens and a
 * request and the caller holds it. Answers {1, id} granted; {0, waitMs} the budget (or a 429's
 * hold, or a cap) says wait; {2, 0} another replica's request is next; {3, 0} nothing is queued.
 */
const ADMIT = `${REFILL}
local holder = ARGV[5]
-- the caller is alive: it is asking (a replica whose timers ran late keeps its place)
redis.call('SET', p..'alive:'..holder, '1', 'PX', tonumber(ARGV[6]))
if held > 0 then save() return {0, math.ceil(held)} end
local list = redis.call('ZRANGE', p..'active', 0, 199, 'WITHSCORES')
local chosen = nil
local capWait = nil
local i = 1
while i <= #list do
  local tenant = list[i]
  local vt = tonumber(list[i + 1])
  local id = nil
  local job = nil
  while true do
    local head = redis.call('ZRANGE', p..'t:'..tenant, 0, 0)
    if #head == 0 then break end
    local raw = redis.call('HGET', p..'jobs', head[1])
    if raw then
      job = cjson.decode(raw)
      if redis.call('EXISTS', p..'alive:'..job.h) == 1 then id = head[1] break end
      redis.call('HDEL', p..'jobs', head[1])
    end
    redis.call('ZREM', p..'t:'..tenant, head[1])
    job = nil
  end
  if not id then
    redis.call('ZREM', p..'active', tenant)
    redis.call('HSET', p..'vt', tenant, tostring(vt))
  else
    local capped = false
    if job.c and job.c > 0 then
      local used = tonumber(redis.call('GET', p..'cap:'..tenant) or '0')
      if used > 0 and used + job.n > job.c then
        capped = true
        local ttl = redis.call('PTTL', p..'cap:'..tenant)
        if ttl > 0 and (capWait == nil or ttl < capWait) then capWait = ttl end
      end
    end
    if not capped then chosen = {tenant = tenant, vt = vt, id = id, job = job} break end
  end
  i = i + 2
end
if not chosen then
  save()
  if capWait then return {0, capWait} end
  return {3, 0}
end
local job = chosen.job
local need = math.min(job.n, etok)
if need > tokens or requests < 1 then
  local wt = 0
  if need > tokens then wt = (need - tokens) * window / etok end
  local wr = 0
  if requests < 1 then wr = (1 - requests) * window / ereq end
  save()
  return {0, math.max(1, math.ceil(math.max(wt, wr)))}
end
if job.h ~= holder then save() return {2, 0} end
tokens = tokens - need
requests = requests - 1
save()
redis.call('ZREM', p..'t:'..chosen.tenant, chosen.id)
redis.call('HDEL', p..'jobs', chosen.id)
local nvt = chosen.vt + need / (job.w or 1)
redis.call('SET', p..'clock', tostring(chosen.vt))
if redis.call('ZCARD', p..'t:'..chosen.tenant) > 0 then
  redis.call('ZADD', p..'active', nvt, chosen.tenant)
else
  redis.call('ZREM', p..'active', chosen.tenant)
  redis.call('HSET', p..'vt', chosen.tenant, tostring(nvt))
end
if job.c and job.c > 0 then
  redis.call('INCRBY', p..'cap:'..chosen.tenant, need)
  if redis.call('PTTL', p..'cap:'..chosen.tenant) < 0 then redis.call('PEXPIRE', p..'cap:'..chosen.tenant, window) end
end
return {1, chosen.id, now}
`;

/**
 * ARGV: now, window, cfgTok, cfgReq, status, limitTok, limitReq, remTok, remReq, sentAt, holdMs, ceiling (1: the
 * configured limits are a ceiling, 0: only a first guess).
 * What a provider response teaches the budget: its limits (never above configured ones), its
 * remaining tokens and requests (projected from when the request was sent; the bucket never holds
 * more than the provider says), and on 429 an empty bucket, a hold until the provider's reset, and
 * a budget shrunk by 10 % (regrown by 2 % per answered request).
 */
const FEEDBACK = `${REFILL}
local status = tonumber(ARGV[5])
local limTok = tonumber(ARGV[6])
local limReq = tonumber(ARGV[7])
local cfgTok = tonumber(ARGV[3])
local cfgReq = tonumber(ARGV[4])
local ceiling = ARGV[12] == '1'
if limTok and limTok > 0 then
  if ceiling then ltok = math.min(limTok, cfgTok) else ltok = limTok end
end
if limReq and limReq > 0 then
  if ceiling then lreq = math.min(limReq, cfgReq) else lreq = limReq end
end
etok = ltok * scale
ereq = lreq * scale
local since = now - tonumber(ARGV[10])
if since < 0 then since = 0 end
local remTok = tonumber(ARGV[8])
local remReq = tonumber(ARGV[9])
if remTok then tokens = math.min(tokens, remTok + since * etok / window) end
if remReq then requests = math.min(requests, remReq + since * ereq / window) end
if status == 429 then
  scale = math.max(0.5, scale * 0.9)
  tokens = 0
  requests = math.min(requests, 0)
  local untilMs = now + tonumber(ARGV[11])
  redis.call('HSET', p..'budget', 'until', untilMs)
elseif scale < 1 then
  scale = math.min(1, scale + 0.02)
end
tokens = math.min(tokens, ltok * scale)
requests = math.min(requests, lreq * scale)
save()
return 1
`;

/**
 * ARGV: now, window, cfgTok, cfgReq, ids… → for each id {ahead, tokens} (ahead -1: not queued),
 * then the budget {tokens, requests, tokensPerWindow, requestsPerWindow, heldMs}. Ahead counts the
 * requests the fair order serves first: the tenant's own earlier ones, and from every other tenant
 * as many as it has up to that number (one more when it comes first at equal turns: a lower virtual
 * time, or the same one and a name sorting first, as the pick's order has it).
 */
const POSITIONS = `${REFILL}
local list = redis.call('ZRANGE', p..'active', 0, 999, 'WITHSCORES')
local counts = {}
for i = 1, #list, 2 do counts[i] = redis.call('ZCARD', p..'t:'..list[i]) end
local out = {}
for a = 5, #ARGV do
  local raw = redis.call('HGET', p..'jobs', ARGV[a])
  if not raw then
    table.insert(out, -1) table.insert(out, 0)
  else
    local j = cjson.decode(raw)
    local k = redis.call('ZRANK', p..'t:'..j.t, ARGV[a]) or 0
    local mine = tonumber(redis.call('ZSCORE', p..'active', j.t) or '0')
    local ahead = k
    for i = 1, #list, 2 do
      if list[i] ~= j.t then
        local extra = k
        local u = tonumber(list[i + 1])
        if u < mine or (u == mine and list[i] < j.t) then extra = k + 1 end
        ahead = ahead + math.min(counts[i], extra)
      end
    end
    table.insert(out, ahead) table.insert(out, j.n)
  end
end
for _, v in ipairs({tokens, requests, etok, ereq, held}) do table.insert(out, tostring(v)) end
return out
`;

/** ARGV: ids… — takes queued requests out (a job stopped or shutting down). */
const LEAVE = `
local p = KEYS[1]
for a = 1, #ARGV do
  local raw = redis.call('HGET', p..'jobs', ARGV[a])
  if raw then
    local j = cjson.decode(raw)
    redis.call('ZREM', p..'t:'..j.t, ARGV[a])
    redis.call('HDEL', p..'jobs', ARGV[a])
  end
end
return 1
`;

const sha = (s: string) => createHash('sha1').update(s).digest('hex');
const SCRIPTS = { ENQUEUE, ADMIT, FEEDBACK, POSITIONS, LEAVE } as const;
type ScriptName = keyof typeof SCRIPTS;
const SHAS = Object.fromEntries(Object.entries(SCRIPTS).map(([k, v]) => [k, sha(v)])) as Record<ScriptName, string>;

export interface BudgetLimits {
  /** Tokens and requests per window: the configured limits, or a first guess (the provider's headers then set them). */
  tokensPerWindow: number;
  requestsPerWindow: number;
  /** The limits above were configured: the provider's headers may lower them, never raise them. */
  ceiling: boolean;
  /** The provider's rate-limit window (60,000 ms for per-minute limits). */
  windowMs: number;
}

export type AdmitAnswer =
  { kind: 'granted'; id: string; at: number } | { kind: 'wait'; ms: number } | { kind: 'other-replica' } | { kind: 'empty' };

export interface QueuedRequest {
  id: string;
  tenant: string;
  tokens: number;
  weight: number;
  /** Tokens per window this tenant may use (0: no cap). */
  cap: number;
  /** Keep this place in the tenant's line (a request sent again after a 429). */
  seq?: number;
}

export interface ProviderFeedback {
  status: number;
  limitTokens?: number;
  limitRequests?: number;
  remainingTokens?: number;
  remainingRequests?: number;
  /** When the request was granted (ms, Redis's clock): the provider's remaining counts are from about then. */
  sentAt: number;
  /** A 429's hold (ms). */
  holdMs?: number;
}

/** The Redis side of one endpoint's budget and fair queue: one Lua script per step, atomic. */
export class FairBudgetStore {
  readonly base: string;
  readonly windowMs: number;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    endpoint: string,
    private readonly limits: BudgetLimits,
  ) {
    this.base = `${prefix}{gq:${endpoint}}:`;
    this.windowMs = limits.windowMs;
  }

  private async run(name: ScriptName, args: Array<string | number>, withLimits = true): Promise<unknown> {
    const argv = (
      withLimits ? [Date.now(), this.limits.windowMs, this.limits.tokensPerWindow, this.limits.requestsPerWindow, ...args] : args
    ).map(String);
    const opts = { keys: [this.base], arguments: argv };
    try {
      return await this.redis.evalSha(SHAS[name], opts);
    } catch (err) {
      if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
      return this.redis.eval(SCRIPTS[name], opts);
    }
  }

  /** Marks a replica alive for `ttlMs` (its queued requests count while it is). */
  async alive(holder: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.base}alive:${holder}`, '1', { PX: ttlMs });
  }

  async gone(holder: string): Promise<void> {
    await this.redis.del(`${this.base}alive:${holder}`);
  }

  /** Queues a request (again: moved to `holder`, its place kept); answers its arrival number. */
  async enqueue(holder: string, r: QueuedRequest): Promise<number> {
    return Number(await this.run('ENQUEUE', [r.id, r.tenant, holder, r.tokens, r.weight, r.cap, r.seq ?? '']));
  }

  /** The next turn, if it is `holder`'s (which is marked alive for `aliveMs`). */
  async admit(holder: string, aliveMs = 10_000): Promise<AdmitAnswer> {
    const [code, value, at] = (await this.run('ADMIT', [holder, aliveMs])) as [number, number | string, number?];
    if (code === 1) return { kind: 'granted', id: String(value), at: Number(at) };
    if (code === 0) return { kind: 'wait', ms: Number(value) };
    return code === 2 ? { kind: 'other-replica' } : { kind: 'empty' };
  }

  async feedback(f: ProviderFeedback): Promise<void> {
    const v = (n: number | undefined) => (n === undefined ? '' : n);
    await this.run('FEEDBACK', [
      f.status,
      v(f.limitTokens),
      v(f.limitRequests),
      v(f.remainingTokens),
      v(f.remainingRequests),
      f.sentAt,
      f.holdMs ?? 0,
      this.limits.ceiling ? 1 : 0,
    ]);
  }

  /** Places of queued requests (null: not queued) and the budget now. */
  async positions(ids: string[]): Promise<{ places: Array<{ ahead: number; tokens: number } | null>; budget: BudgetState }> {
    const out = ((await this.run('POSITIONS', ids)) as Array<number | string>).map(Number);
    const places = ids.map((_, i) => (out[2 * i] < 0 ? null : { ahead: out[2 * i], tokens: out[2 * i + 1] }));
    const [tokens, requests, tokensPerWindow, requestsPerWindow, heldMs] = out.slice(2 * ids.length);
    return { places, budget: { tokens, requests, tokensPerWindow, requestsPerWindow, heldMs, windowMs: this.limits.windowMs } };
  }

  async leave(ids: string[]): Promise<void> {
    if (ids.length) await this.run('LEAVE', ids, false);
  }
}

/** One budget per provider endpoint: the base URL, the model and (a digest of) the key. */
export function endpointId(baseURL: string | undefined, model: string, apiKey: string): string {
  return sha(`${baseURL ?? 'https://api.openai.com/v1'}|${model}|${apiKey}`).slice(0, 16);
}
