import { screen } from '@testing-library/react';
import { render } from '../../test-support/render';
import { RemoteView } from '../src/components/RemoteView';
import { MANIFEST_URL, parseManifest } from '../src/federation';
import { registered, unreachable } from './federation-runtime-stub';
import { res } from '../../test-support/helpers';

const manifest = {
  remotes: {
    student: { url: '/mf/student/remoteEntry.js', version: '1.4.0' },
    admin: { url: '/mf/admin/remoteEntry.js' }, // configured, not built
  },
};
const fetched: string[] = [];

beforeAll(() => {
  unreachable.add(`${window.location.origin}/mf/admin/remoteEntry.js`);
  globalThis.fetch = (async (url: string) => {
    fetched.push(String(url));
    return String(url) === MANIFEST_URL ? res(200, manifest) : res(404, {});
  }) as typeof fetch;
});

test('manifest parsing reads { url, version } entries and plain URLs, keeps valid names, makes URLs absolute', () => {
  const body = {
    remotes: {
      student: { url: '/mf/student/remoteEntry.js', version: '1.4.0' },
      admin: 'https://cdn.example.org/admin/remoteEntry.js',
      'bad name': { url: '/x' },
      nourl: { version: '1' },
      n: 5,
    },
  };
  expect(parseManifest(body, 'http://host:8080')).toEqual({
    student: 'http://host:8080/mf/student/remoteEntry.js',
    admin: 'https://cdn.example.org/admin/remoteEntry.js',
  });
  expect(parseManifest({}, 'http://h')).toEqual({});
  expect(parseManifest(null, 'http://h')).toEqual({});
});

test('renders a listed remote through the federation runtime, registered from the manifest (fetched once)', async () => {
  render(<RemoteView remote="student" expose="./DashboardApp" props={{ who: 'ann' }} />);
  const marker = await screen.findByTestId('remote');
  expect(marker.textContent).toBe('student/DashboardApp');
  expect(JSON.parse(marker.getAttribute('data-props')!)).toEqual({ who: 'ann' });
  expect(registered).toEqual(
    expect.arrayContaining([
      { name: 'student', entry: `${window.location.origin}/mf/student/remoteEntry.js` },
      { name: 'admin', entry: `${window.location.origin}/mf/admin/remoteEntry.js` },
    ]),
  );
  expect(fetched.filter((u) => u === MANIFEST_URL)).toHaveLength(1);
});

test('a configured remote whose files are missing shows its fallback', async () => {
  render(<RemoteView remote="admin" expose="./AdminApp" props={{}} unavailable={() => <div>ADMIN PLACEHOLDER</div>} />);
  expect(await screen.findByText('ADMIN PLACEHOLDER')).toBeTruthy();
});

test('a remote the manifest does not list shows the retry screen, not a crash', async () => {
  render(<RemoteView remote="links" expose="./LinksApp" props={{}} />);
  expect(await screen.findByText('This part of Corestone could not be loaded')).toBeTruthy();
  expect(screen.getByText('The "links" module is not available right now.')).toBeTruthy();
  expect(screen.getByText('Try Again')).toBeTruthy();
});
