// Browsing alone: signed-in students opening /auth/me, plans and their evaluations at BROWSE_RATE
// requests/s for DURATION (constant-arrival-rate). Useful before a deadline to size the gateway,
// auth, users, billing and evaluation read paths without grading load.
//   k6 run -e BASE_URL=… -e BROWSE_RATE=50 -e DURATION=10m deploy/k6/browse.js
import { config } from './lib/config.js';
import { browse } from './lib/api.js';
import { session } from './lib/users.js';

const all = JSON.parse(open('./thresholds.json'));

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    browsing: {
      executor: 'constant-arrival-rate',
      rate: config.browseRate,
      timeUnit: '1s',
      duration: config.soakDuration,
      preAllocatedVUs: 10,
      maxVUs: config.maxVUs,
    },
  },
  thresholds: {
    http_req_failed: all.http_req_failed,
    'http_req_duration{kind:browse}': all['http_req_duration{kind:browse}'],
    dropped_iterations: all.dropped_iterations,
  },
};

export default function () {
  browse(session().token);
}
