import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { ROUTE_POLICY, policyMethods, type BodyClass, type RateClass, type RoutePolicy, type ServiceRoutes } from '@corestone/contracts';

/** What the gateway does with one method + path: who answers it and under which rules. */
export interface RouteEntry {
  service: string;
  /** The declared policy; null for a path under the service's prefix that nothing declares (signed-in, default body). */
  policy: RoutePolicy | null;
  /** No token needed at the gateway. */
  public: boolean;
  body: BodyClass;
  rate: RateClass | null;
}

export interface Upstream {
  /** Path prefix as the upstream sees it, e.g. `/auth` or `/users/update-password`. */
  prefix: string;
  service: string;
}

export interface PasswordRoute {
  method: 'POST' | 'PUT';
  path: string;
  service: string;
}

const ALL_METHODS: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** `/a/{id}/b` → `/a/:id/b` (find-my-way's spelling). */
export const routerPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** Whether `path` is `prefix` or below it; a prefix segment `{name}` matches any one non-empty segment. */
const isUnder = (path: string, prefix: string) => {
  if (!prefix.includes('{')) return path === prefix || path.startsWith(`${prefix}/`);
  const want = prefix.split('/');
  const have = path.split('/');
  return have.length >= want.length && want.every((seg, i) => (seg.startsWith('{') ? have[i] !== '' : seg === have[i]));
};

/**
 * The gateway's routing, token, body and rate table, compiled once from contracts'
 * `ROUTE_POLICY` into a radix tree (find-my-way, the router Fastify and the services use, so a
 * path is read here as the service will read it). A request costs one tree lookup.
 */
export class RouteTable {
  /** Longest prefix first, so `/users/update-password` (auth) wins over `/users` (users). */
  readonly upstreams: Upstream[];
  readonly passwordRoutes: PasswordRoute[];
  private readonly router = FindMyWay({ maxParamLength: 10_000 });

  /** `policies`: the services the gateway can reach (those with an address). */
  constructor(policies: Record<string, ServiceRoutes> = ROUTE_POLICY) {
    this.upstreams = Object.entries(policies)
      .flatMap(([service, s]) => s.prefixes.map((prefix) => ({ prefix, service })))
      .sort((a, b) => b.prefix.length - a.prefix.length);
    this.passwordRoutes = [];

    // "METHOD pattern" → entry: prefix defaults first, declared policies replace them.
    const entries = new Map<string, { method: HTTPMethod; pattern: string; entry: RouteEntry }>();
    const put = (methods: readonly HTTPMethod[], pattern: string, entry: RouteEntry) => {
      for (const method of methods) entries.set(`${method} ${pattern}`, { method, pattern, entry });
    };
    for (const { prefix, service } of this.upstreams) {
      const fallback: RouteEntry = { service, policy: null, public: false, body: 'default', rate: null };
      put(ALL_METHODS, routerPath(prefix), fallback);
      put(ALL_METHODS, `${routerPath(prefix)}/*`, fallback);
    }
    for (const [service, s] of Object.entries(policies)) {
      for (const policy of s.routes) {
        const owner = this.ownerOf(policy.path.replace(/\/\*$/, ''));
        if (owner !== service) {
          throw new Error(`ROUTE_POLICY: ${service} declares ${policy.path}, but that path belongs to ${owner ?? 'no service'}`);
        }
        const entry: RouteEntry = {
          service,
          policy,
          public: policy.access === 'public',
          body: policy.body ?? 'default',
          rate: policy.rate ?? null,
        };
        const methods = policyMethods(policy) as HTTPMethod[];
        const pattern = routerPath(policy.path);
        if (pattern.endsWith('/*')) put(methods, pattern.slice(0, -2), entry);
        put(methods, pattern, entry);
        if (policy.passwords) {
          for (const method of methods) this.passwordRoutes.push({ method: method as PasswordRoute['method'], path: policy.path, service });
        }
      }
    }
    for (const { method, pattern, entry } of entries.values()) this.router.on(method, pattern, () => undefined, entry);
  }

  /** The entry for a path as the upstream sees it (no query string), or null when no service owns it. */
  lookup(method: string, path: string): RouteEntry | null {
    const found = this.router.find(method as HTTPMethod, path);
    if (found) return found.store as RouteEntry;
    // Paths the tree cannot read (e.g. malformed escapes) still need a token when a service owns them.
    const service = this.ownerOf(path);
    return service ? { service, policy: null, public: false, body: 'default', rate: null } : null;
  }

  /** The service owning an upstream path by prefix (`/users/me` → users), or null. */
  ownerOf(path: string): string | null {
    for (const { prefix, service } of this.upstreams) if (isUnder(path, prefix)) return service;
    return null;
  }
}

/** The services of `policies` the gateway has an address for. */
export function reachablePolicies(
  urls: Record<string, string | undefined>,
  policies: Record<string, ServiceRoutes> = ROUTE_POLICY,
): Record<string, ServiceRoutes> {
  return Object.fromEntries(Object.entries(policies).filter(([service]) => urls[service]));
}
