// The calls of the journeys, each tagged with its kind (login, upload, poll, browse), so thresholds
// and results split by request kind.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import { config } from './config.js';

const api = (/** @type {string} */ path) => `${config.baseUrl}/api/v1${path}`;

/** @param {string} token @param {string} kind */
const params = (token, kind) => ({ headers: { authorization: `Bearer ${token}` }, tags: { kind } });

/**
 * Signs in with e-mail and password (the form the spec's login screen sends).
 * @param {{ email: string, password: string }} user
 * @returns {string} the access token
 */
export function signIn(user) {
  const res = http.post(api('/auth/login'), JSON.stringify({ username: user.email, password: user.password }), {
    headers: { 'content-type': 'application/json' },
    tags: { kind: 'login' },
  });
  if (!check(res, { 'signed in': (r) => r.status === 200 })) fail(`sign-in failed for ${user.email}: ${res.status}`);
  return /** @type {string} */ (res.json('access_token'));
}

/** @param {string} token @param {'ee' | 'tok'} type @returns {string} id of the first active rubric */
export function activeRubric(token, type) {
  const res = http.get(api(`/rubrics/active?rubric_type=${type}`), params(token, 'browse'));
  check(res, { 'rubrics listed': (r) => r.status === 200 });
  return /** @type {string} */ (res.json('0.id'));
}

/**
 * Uploads an essay as the upload wizard does (multipart).
 * @param {string} token
 * @param {{ name: string, type: 'ee' | 'tok', text: string }} essay
 * @param {string} rubricId
 * @returns {string | null} the evaluation id
 */
export function upload(token, essay, rubricId) {
  const body = {
    title: `Load test: ${essay.name}`,
    essay_type: essay.type,
    rubric_id: rubricId,
    file: http.file(essay.text, `${essay.name}.txt`, 'text/plain'),
  };
  const res = http.post(api('/evaluation/evaluate-async'), body, params(token, 'upload'));
  const ok = check(res, { 'essay accepted': (r) => r.status === 201 });
  return ok ? /** @type {string} */ (res.json('id')) : null;
}

/**
 * Polls the evaluation until it is completed or failed.
 * @param {string} token @param {string} id
 * @returns {{ status: string, seconds: number }}
 */
export function waitForResult(token, id) {
  const started = Date.now();
  const deadline = started + config.gradingTimeoutSeconds * 1000;
  let status = 'pending';
  while (Date.now() < deadline) {
    const res = http.get(api(`/evaluation/${id}`), params(token, 'poll'));
    status = res.status === 200 ? /** @type {string} */ (res.json('status')) : `http ${res.status}`;
    if (status === 'completed' || status === 'failed') break;
    sleep(config.pollIntervalSeconds);
  }
  return { status, seconds: (Date.now() - started) / 1000 };
}

/** The pages a signed-in student opens most: who am I, plans, my evaluations. @param {string} token */
export function browse(token) {
  const responses = http.batch([
    ['GET', api('/auth/me'), null, params(token, 'browse')],
    ['GET', api('/plans/plans'), null, params(token, 'browse')],
    ['GET', api('/evaluation/my-evaluations'), null, params(token, 'browse')],
  ]);
  check(responses, { 'browsing answered': (rs) => rs.every((r) => r.status === 200) });
}
