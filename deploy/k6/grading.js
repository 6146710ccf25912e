// The grading journey of an exam deadline: provisioned students sign in, upload an essay and wait
// for the result. SCENARIO=deadline ramps the arrival rate up to PEAK_RATE uploads/s, holds it and
// ramps down (ramping-arrival-rate); SCENARIO=soak keeps SOAK_RATE uploads/s for DURATION
// (constant-arrival-rate). Browsing runs beside it at BROWSE_RATE requests/s.
//
//   node deploy/load/users.js create --count 200 --out deploy/k6/load-users.json   # first
//   k6 run -e BASE_URL=https://staging.example.org -e SCENARIO=deadline deploy/k6/grading.js
import { Trend, Counter } from 'k6/metrics';
import { config } from './lib/config.js';
import { activeRubric, browse, upload, waitForResult } from './lib/api.js';
import { session } from './lib/users.js';
import { essays } from './lib/essays.js';

const thresholds = JSON.parse(open('./thresholds.json'));

/** Seconds from the accepted upload to status completed (or failed). */
const timeToGraded = new Trend('time_to_graded', true);
const gradingFailed = new Counter('grading_failed');

/** @type {Record<string, import('k6/options').Scenario>} */
const journeys = {
  deadline: {
    executor: 'ramping-arrival-rate',
    exec: 'grade',
    startRate: 0,
    timeUnit: '1s',
    preAllocatedVUs: Math.min(config.maxVUs, 20),
    maxVUs: config.maxVUs,
    stages: [
      { target: config.peakRate, duration: config.rampUp },
      { target: config.peakRate, duration: config.hold },
      { target: 0, duration: config.rampDown },
    ],
  },
  soak: {
    executor: 'constant-arrival-rate',
    exec: 'grade',
    rate: config.soakRate,
    timeUnit: '1s',
    duration: config.soakDuration,
    preAllocatedVUs: Math.min(config.maxVUs, 10),
    maxVUs: config.maxVUs,
  },
};
const grading = journeys[config.scenario];
if (!grading) throw new Error(`SCENARIO must be one of ${Object.keys(journeys).join(', ')}`);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    grading,
    browsing: {
      executor: 'constant-arrival-rate',
      exec: 'browsing',
      rate: config.browseRate,
      timeUnit: '1s',
      duration: config.scenario === 'soak' ? config.soakDuration : config.hold,
      preAllocatedVUs: 5,
      maxVUs: Math.max(5, Math.ceil(config.maxVUs / 4)),
    },
  },
  thresholds,
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
};

/** @type {Record<string, string>} */
const rubrics = {};

export function grade() {
  const { token } = session();
  const essay = essays[Math.floor(Math.random() * essays.length)];
  if (!rubrics[essay.type]) rubrics[essay.type] = activeRubric(token, essay.type);
  const id = upload(token, essay, rubrics[essay.type]);
  if (!id) return;
  const result = waitForResult(token, id);
  timeToGraded.add(result.seconds * 1000, { essay_type: essay.type });
  if (result.status !== 'completed') gradingFailed.add(1, { status: result.status });
}

export function browsing() {
  browse(session().token);
}
