/**
 * The k6 journeys (deploy/k6/grading.js) run by Node against a local stack, bounded in time and
 * count: uploads arrive at a ramping rate (the deadline surge: up, hold, down), each iteration
 * signs in (once per user), uploads a sample essay and polls until it is graded; browsing arrives
 * at a constant rate. Iterations that find every virtual user busy are dropped, as k6 drops them.
 * Returns the series the thresholds read (same names and tags as the k6 scripts).
 */
const fs = require('node:fs');
const path = require('node:path');
const { createClient, signIn } = require('./client');

const K6_DIR = path.join(__dirname, '..', 'k6');
const ESSAYS = [
  { name: 'ee-economics', type: 'ee' },
  { name: 'ee-biology', type: 'ee' },
  { name: 'tok-knowledge', type: 'tok' },
].map((e) => ({ ...e, text: fs.readFileSync(path.join(K6_DIR, 'essays', `${e.name}.txt`), 'utf8') }));

/** Arrival rate at second t of a ramp-hold-ramp profile peaking at `peak`/s. */
function surgeRate(t, { peak, rampUp, hold, rampDown }) {
  if (t < rampUp) return (peak * t) / rampUp;
  if (t < rampUp + hold) return peak;
  if (t < rampUp + hold + rampDown) return peak * (1 - (t - rampUp - hold) / rampDown);
  return 0;
}

async function runLoad(opts) {
  const { baseUrl, users, peakRate, durationSeconds, browseRate, maxVUs, pollMs = 250, gradingTimeoutMs = 120_000, tickMs = 50 } = opts;
  const client = createClient(baseUrl);
  const profile = { peak: peakRate, rampUp: durationSeconds * 0.25, hold: durationSeconds * 0.5, rampDown: durationSeconds * 0.25 };
  const series = { upload: [], browse: [], login: [], poll: [] };
  const timeToGraded = [];
  const counts = {
    requests: 0,
    failed: 0,
    iterationErrors: 0,
    dropped: 0,
    uploads: 0,
    accepted: 0,
    completed: 0,
    gradingFailed: 0,
    timedOut: 0,
    browses: 0,
  };
  const errors = [];
  const tokens = new Map();
  const rubrics = new Map();
  let inFlight = 0;
  let nextUser = 0;

  const timed = async (kind, method, p, init) => {
    const t0 = performance.now();
    let res;
    try {
      res = await client.call(method, p, { ...init, retries: 0 });
    } catch (err) {
      res = { status: 0, body: { detail: err.message } };
    }
    series[kind].push(performance.now() - t0);
    counts.requests++;
    if (res.status < 200 || res.status >= 400) counts.failed++;
    return res;
  };
  const tokenOf = (user) => {
    if (!tokens.has(user.email)) {
      tokens.set(
        user.email,
        (async () => {
          const t0 = performance.now();
          counts.requests++;
          try {
            return await signIn(client, user.email, user.password);
          } catch (err) {
            counts.failed++;
            tokens.delete(user.email);
            throw err;
          } finally {
            series.login.push(performance.now() - t0);
          }
        })(),
      );
    }
    return tokens.get(user.email);
  };
  const rubricOf = (token, type) => {
    if (!rubrics.has(type))
      rubrics.set(
        type,
        timed('browse', 'GET', `/rubrics/active?rubric_type=${type}`, { token }).then((r) => r.body[0].id),
      );
    return rubrics.get(type);
  };

  const grade = async () => {
    const user = users[nextUser++ % users.length];
    const token = await tokenOf(user);
    const essay = ESSAYS[Math.floor(Math.random() * ESSAYS.length)];
    const rubricId = await rubricOf(token, essay.type);
    counts.uploads++;
    const res = await timed('upload', 'POST', '/evaluation/evaluate-async', {
      token,
      form: () => {
        const form = new FormData();
        form.append('title', `Load test: ${essay.name}`);
        form.append('essay_type', essay.type);
        form.append('rubric_id', rubricId);
        form.append('file', new Blob([essay.text], { type: 'text/plain' }), `${essay.name}.txt`);
        return form;
      },
    });
    if (res.status !== 201) return;
    counts.accepted++;
    const started = performance.now();
    while (performance.now() - started < gradingTimeoutMs) {
      const poll = await timed('poll', 'GET', `/evaluation/${res.body.id}`, { token });
      const status = poll.body?.status;
      if (status === 'completed' || status === 'failed') {
        timeToGraded.push(performance.now() - started);
        counts[status === 'completed' ? 'completed' : 'gradingFailed']++;
        return;
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
    counts.timedOut++;
  };
  const browse = async () => {
    const user = users[nextUser++ % users.length];
    const token = await tokenOf(user);
    counts.browses++;
    await Promise.all(['/auth/me', '/plans/plans', '/evaluation/my-evaluations'].map((p) => timed('browse', 'GET', p, { token })));
  };
  const start = (fn) => {
    if (inFlight >= maxVUs) {
      counts.dropped++;
      return;
    }
    inFlight++;
    fn()
      .catch((err) => {
        counts.iterationErrors++;
        if (errors.length < 5) errors.push(err.message);
      })
      .finally(() => inFlight--);
  };

  const began = performance.now();
  const due = { grade: 0, browse: 0 };
  // Arrivals follow the clock, not the ticks: a late tick (busy machine) schedules what fell due.
  for (let last = 0, t = 0; t < durationSeconds; last = t, t = Math.min(durationSeconds, (performance.now() - began) / 1000)) {
    due.grade += ((surgeRate(last, profile) + surgeRate(t, profile)) / 2) * (t - last);
    due.browse += browseRate * (t - last);
    for (; due.grade >= 1; due.grade--) start(grade);
    for (; due.browse >= 1; due.browse--) start(browse);
    await new Promise((r) => setTimeout(r, tickMs));
  }
  // Bounded drain: the iterations in flight finish (each is bounded by gradingTimeoutMs).
  while (inFlight > 0 && performance.now() - began < durationSeconds * 1000 + gradingTimeoutMs)
    await new Promise((r) => setTimeout(r, 100));
  const seconds = (performance.now() - began) / 1000;

  return {
    seconds,
    counts,
    errors,
    metrics: {
      http_req_failed: { rate: counts.requests ? counts.failed / counts.requests : 0 },
      'http_req_duration{kind:upload}': { values: series.upload },
      'http_req_duration{kind:browse}': { values: series.browse },
      'http_req_duration{kind:login}': { values: series.login },
      'http_req_duration{kind:poll}': { values: series.poll },
      time_to_graded: { values: timeToGraded },
      dropped_iterations: { count: counts.dropped },
    },
  };
}

module.exports = { runLoad, surgeRate, ESSAYS };
