/**
 * JavaScript loaded for /admin (a signed-in administrator), raw, gzip and as sent, per build (shell,
 * admin remote; the student remote is not needed there), and the time from navigation to the
 * rendered overview in headless Chromium: cold (new profile, median of RUNS) and warm (browser cache).
 */
const { adminSession, measureRoute } = require('./page-load');

const RUNS = 3;

module.exports = {
  title: 'Admin micro-frontend load',
  measures: `JavaScript loaded for /admin (raw, gzip and as sent; per build) and the time from navigation to the rendered overview in headless Chromium: cold (new profile, median of ${RUNS}) and warm (browser cache).`,
  async run(platform) {
    const auth = await adminSession(`${platform.gatewayUrl}/api/v1`);
    const admin = await measureRoute(platform.gatewayUrl, {
      label: '/admin',
      route: '/admin',
      ready: '[data-testid=admin-overview]',
      auth,
      runs: RUNS,
    });
    return {
      rows: admin.rows,
      summary: [
        {
          what: '/admin JavaScript sent (KB)',
          now: `${admin.sentKb} KB (raw ${admin.rawKb} KB), overview ${(admin.cold / 1000).toFixed(2)} s cold`,
          goal: 'no student remote',
          met: !admin.builds.includes('student remote'),
        },
      ],
    };
  },
};
