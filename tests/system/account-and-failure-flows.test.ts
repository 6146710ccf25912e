/**
 * Flows that cross several services with nothing faked: password reset through the mail folder,
 * the per-account sign-in limit at the gateway, and a corrupt grading job that ends failed with
 * its credit refunded (evaluation → grading → evaluation → billing).
 */
import fs from 'node:fs';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager, jetstream } from '@nats-io/jetstream';
import { prefixed, streamName } from '@corestone/contracts';
import { startTestPlatform, uniqueEmail, waitFor, type TestPlatform } from '../support/platform';
import { EE_ESSAY } from '../fixtures/essays';

let p: TestPlatform;

beforeAll(async () => {
  p = await startTestPlatform({ RATE_LOGIN_FAILURES_MAX: '5' });
});
afterAll(async () => {
  await p?.shutdown();
});

it('resets a password through the link mailed to the local folder', async () => {
  const email = uniqueEmail('reset');
  const first = (await p.api.signup(email, 'old-password-1')).body;
  const unknown = await p.api.call('POST', '/auth/forgot-password', { json: { email: uniqueEmail('nobody') } });
  const known = await p.api.call('POST', '/auth/forgot-password', { json: { email } });
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(unknown.body).toEqual(known.body); // no account enumeration

  const mailDir = p.env.MAIL_DIR;
  const mail = await waitFor('the reset mail', async () => {
    if (!fs.existsSync(mailDir)) return null;
    const files = fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), 'utf8'));
    return files.find((m) => m.includes(email));
  });
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /http:\/\/localhost:8080\/reset-password\?token=([A-Za-z0-9_.-]+)/.exec(unfolded);
  expect(link).not.toBeNull();

  const reset = await p.api.call('POST', '/auth/reset-password', { json: { token: link![1], new_password: 'new-password-2' } });
  expect(reset.status).toBe(200);
  expect(
    (await p.api.call('POST', '/auth/reset-password', { json: { token: link![1], new_password: 'again-password-3' } })).body.code,
  ).toBe('INVALID_RESET_TOKEN');
  expect((await p.api.call('POST', '/auth/login', { json: { username: email, password: 'old-password-1' } })).status).toBe(401);
  expect((await p.api.call('POST', '/auth/login', { json: { username: email, password: 'new-password-2' } })).status).toBe(200);
  // the reset ended the sessions that existed before it
  expect((await p.api.call('POST', '/auth/refresh', { json: { refresh_token: first.refresh_token } })).status).toBe(401);
});

it('locks one account after repeated wrong passwords while others sign in freely', async () => {
  const victim = uniqueEmail('victim');
  const bystander = uniqueEmail('bystander');
  await p.api.signup(victim, 'victim-pass-1');
  await p.api.signup(bystander, 'bystander-pass-1');
  for (let i = 0; i < 5; i++) {
    expect((await p.api.call('POST', '/auth/login', { json: { username: victim, password: `wrong-${i}` } })).status).toBe(401);
  }
  const locked = await p.api.call('POST', '/auth/login', { json: { username: victim.toUpperCase(), password: 'victim-pass-1' } });
  expect(locked.status).toBe(429);
  expect(locked.body.code).toBe('RATE_LIMITED');
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await p.api.call('POST', '/auth/login', { json: { username: bystander, password: 'bystander-pass-1' } })).status).toBe(200);
});

it('marks a corrupt grading job failed and refunds its credit', async () => {
  const s = (await p.api.signup(uniqueEmail('poison'))).body;
  const token = s.access_token;
  const rubric = (await p.api.call('GET', '/rubrics/active?rubric_type=ee', { token })).body[0];

  // No worker while the job waits; then the queued job is corrupted (a rubric no grader can use).
  await p.stopProcess('grading');
  const up = await p.api.call('POST', '/evaluation/evaluate-async', {
    token,
    form: p.api.essayForm(EE_ESSAY, { title: 'Poisoned', essay_type: 'ee', rubric_id: rubric.id }),
  });
  expect(up.status).toBeLessThan(300);
  expect((await p.api.call('GET', '/auth/me', { token })).body.essay_credits).toBe(0);

  const prefix = p.run.env.NATS_PREFIX;
  const nc = await connect({ servers: p.run.env.NATS_URL });
  try {
    const jsm = await jetstreamManager(nc);
    const stream = streamName(prefix, 'evaluation');
    const subject = prefixed(prefix, 'evaluation.submitted.v1');
    const original = await waitFor('the submitted event', async () => {
      try {
        return await jsm.streams.getMessage(stream, { last_by_subj: subject });
      } catch {
        return null;
      }
    });
    const event = original.json<{ id: string; data: { rubric: { scoring_structure: { criteria: Array<{ code: string }> } } } }>();
    const criteria = event.data.rubric.scoring_structure.criteria;
    criteria.push({ ...criteria[0] }); // the same criterion code twice: ungradable
    await jsm.streams.purge(stream, { filter: subject });
    await jetstream(nc).publish(subject, JSON.stringify({ ...event, id: `${event.id.slice(0, -4)}beef` }));
  } finally {
    await nc.close();
  }
  await p.startProcess('grading');

  const done = await p.api.waitForEvaluation(up.body.id, token);
  expect(done.status).toBe('failed');
  expect(done.error_message).toBeTruthy();
  await waitFor('the refund', async () => (await p.api.call('GET', '/auth/me', { token })).body.essay_credits === 1);
});
