// Settings of the k6 scripts, all from the environment (k6 run -e NAME=value …).
/** @param {string} name @param {string} fallback */
const env = (name, fallback) => (__ENV[name] !== undefined && __ENV[name] !== '' ? __ENV[name] : fallback);
/** @param {string} name @param {number} fallback */
const num = (name, fallback) => {
  const value = Number(env(name, String(fallback)));
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
};

export const config = {
  /** The gateway's public address, e.g. https://staging.corestone.example.org */
  baseUrl: env('BASE_URL', 'http://localhost:8080').replace(/\/+$/, ''),
  /** The file `deploy/load/users.js create` wrote (relative to the script's folder or absolute). */
  usersFile: env('USERS_FILE', './load-users.json'),
  /** `deadline` (ramping-arrival-rate surge) or `soak` (constant-arrival-rate). */
  scenario: env('SCENARIO', 'deadline'),
  /** Peak uploads per second during the surge; the soak runs at SOAK_RATE. */
  peakRate: num('PEAK_RATE', 5),
  soakRate: num('SOAK_RATE', 1),
  /** Surge shape: ramp up, hold the peak, ramp down (k6 durations). */
  rampUp: env('RAMP_UP', '2m'),
  hold: env('HOLD', '5m'),
  rampDown: env('RAMP_DOWN', '1m'),
  soakDuration: env('DURATION', '30m'),
  /** Browsing requests per second (auth/me, plans, my-evaluations). */
  browseRate: num('BROWSE_RATE', 10),
  maxVUs: num('MAX_VUS', 200),
  /** Polling of GET /evaluation/{id} until completed or failed. */
  pollIntervalSeconds: num('POLL_INTERVAL_S', 1),
  gradingTimeoutSeconds: num('GRADING_TIMEOUT_S', 300),
};
