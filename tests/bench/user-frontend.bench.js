/**
 * JavaScript needed for the landing page `/` (signed out) and for /dashboard (a signed-in student),
 * raw, gzip and as sent (the build's brotli/gzip copies), split per build (shell, student remote),
 * and the time from navigation to the first render of each in headless Chromium: cold (new
 * profile, median of RUNS) and warm (browser cache). A student must never download the admin remote.
 * Goals (issues 9, 12): `/` ≤ 350 KB of JavaScript as sent, first render of `/` ≤ 1 s.
 */
const { measureRoute, studentSession } = require('./page-load');

const RUNS = 3;
const LANDING_BUDGET_KB = 350;
const FIRST_RENDER_GOAL_MS = 1000;
const LANDING_FIRST_SCREEN = 'body:has(header):has([data-testid=tutoring-hero]) #sample-preview';

module.exports = {
  title: 'User-facing frontends: landing page and student dashboard',
  measures: `JavaScript loaded (raw, gzip, and as sent with the encoding used; per build) and time from navigation to the first render in headless Chromium, cold (new profile, median of ${RUNS}) and warm (browser cache). Goals: landing ≤ ${LANDING_BUDGET_KB} KB as sent, first render ≤ 1 s.`,
  async run(platform) {
    const auth = await studentSession(`${platform.gatewayUrl}/api/v1`);
    // the landing's first screen: header, promotional banner, tutoring hero and the grading hero
    // with its sample preview (the last of them, at 1366×900); sections below the fold may follow
    const landing = await measureRoute(platform.gatewayUrl, { label: '/', route: '/', ready: LANDING_FIRST_SCREEN, runs: RUNS });
    const dashboard = await measureRoute(platform.gatewayUrl, {
      label: '/dashboard (student)',
      route: '/dashboard',
      ready: '[data-testid=credits-value]',
      auth,
      runs: RUNS,
    });
    const leaked = [...landing.builds, ...dashboard.builds].filter((b) => b === 'admin remote');
    return {
      rows: [...landing.rows, ...dashboard.rows],
      summary: [
        {
          what: 'landing `/` JavaScript sent (KB)',
          now: `${landing.sentKb} KB (raw ${landing.rawKb} KB)`,
          goal: `<= ${LANDING_BUDGET_KB} KB`,
          met: landing.sentKb <= LANDING_BUDGET_KB,
        },
        {
          what: 'first render of `/`',
          now: `${(landing.cold / 1000).toFixed(2)} s cold, ${(landing.warm / 1000).toFixed(2)} s warm (React running it ${(landing.coldInteractive / 1000).toFixed(2)} s cold, main thread busy ${(landing.coldCpu / 1000).toFixed(2)} s)`,
          goal: '<= 1 s',
          met: landing.cold <= FIRST_RENDER_GOAL_MS,
        },
        {
          what: '/dashboard (student) JavaScript sent (KB)',
          now: `${dashboard.sentKb} KB (raw ${dashboard.rawKb} KB)`,
          goal: 'no admin remote',
          met: leaked.length === 0,
        },
      ],
    };
  },
};
