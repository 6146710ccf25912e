/**
 * A small client of the Corestone API for the load tools: JSON calls with a bearer token, and
 * patience with rate limits (429 → wait `retry-after`, then try again, a bounded number of times).
 */
const RETRIES_ON_429 = 8;

function createClient(baseUrl) {
  const root = `${baseUrl.replace(/\/+$/, '')}/api/v1`;
  async function call(method, path, { token, json, form, retries = RETRIES_ON_429 } = {}) {
    for (let attempt = 0; ; attempt++) {
      const headers = {};
      if (token) headers.authorization = `Bearer ${token}`;
      let body;
      if (json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(json);
      } else if (form) body = form();
      const res = await fetch(`${root}${path}`, { method, headers, body });
      const text = await res.text();
      if (res.status === 429 && attempt < retries) {
        const seconds = Number(res.headers.get('retry-after')) || 2 ** attempt;
        await new Promise((r) => setTimeout(r, Math.min(60, seconds) * 1000));
        continue;
      }
      let parsed;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      return { status: res.status, body: parsed };
    }
  }
  return { call };
}

/** Signs in and returns the access token; throws with the answer's detail otherwise. */
async function signIn(client, email, password) {
  const res = await client.call('POST', '/auth/login', { json: { username: email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${res.body?.detail ?? ''}`);
  return res.body.access_token;
}

/** Runs fn over items with at most `concurrency` at once; results in input order. */
async function mapLimit(items, concurrency, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}

module.exports = { createClient, signIn, mapLimit };
