/** Everything the browser calls lives under this prefix; upstreams see the path without it. */
export const API_PREFIX = '/api/v1';

/** Query parameters that would carry a credential: never accepted (logs redact them, see the kit's redactUrl). */
const TOKEN_QUERY_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'id_token']);

/** True when a query string names a token parameter (tokens go in the Authorization header only). */
export function queryCarriesToken(query: string): boolean {
  if (!query) return false;
  for (const key of new URLSearchParams(query).keys()) if (TOKEN_QUERY_PARAMS.has(key.toLowerCase())) return true;
  return false;
}
