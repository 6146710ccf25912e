/**
 * The shell with a remote that is configured but not deployed (the gateway's MF_REMOTES names an
 * admin entry that answers 404): the real federation runtime fails to load it and the admin sees
 * the shell's fallback, not a blank page or a crash.
 */
import { uniqueEmail } from '../support/platform';
import { screenshot, signInThroughForm } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const remotes = {
  remotes: {
    student: { url: '/mf/student/remoteEntry.js', version: 'test' },
    admin: { url: '/mf/admin-not-deployed/remoteEntry.js', version: '0.0.0' },
  },
};

const suite = browserSuite({ env: { MF_REMOTES: JSON.stringify(remotes) } });

it('serves the configured manifest and shows the fallback for a remote that is not there', async () => {
  const { p, page, pageErrors } = suite;
  const manifest = await fetch(`${p.gatewayUrl}/mf/manifest.json`);
  expect(manifest.headers.get('cache-control')).toBe('no-cache');
  expect(await manifest.json()).toEqual(remotes);
  expect((await fetch(`${p.gatewayUrl}/mf/admin-not-deployed/remoteEntry.js`)).status).toBe(404);

  const email = uniqueEmail('fallback');
  const setup = await p.api.call('POST', '/auth/setup-admin', { json: { name: 'Ada Admin', email, password: 'admin-pass-1' } });
  expect(setup.status).toBe(200);

  await signInThroughForm(page, p.gatewayUrl, email, 'admin-pass-1', /\/admin/);
  await page.getByText('The admin area could not be loaded').waitFor();
  await screenshot(page, 'admin-remote-missing');
  expect(pageErrors).toEqual([]);
});
