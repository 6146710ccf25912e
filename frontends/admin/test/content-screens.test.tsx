// antd is slow under jsdom; a harness limit only.
jest.setTimeout(90000);

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { res, type Call } from '../../test-support/helpers';
import AdminApp from '../src/exposes/AdminApp';
import { renderRemote } from '../../test-support/remote';
import { admin, superAdmin } from './fixtures';
import { draftProblems } from '../src/lib/tokTitles';
import { settingsProblems } from '../src/components/OrganisationSettingsCard';

beforeAll(() => Promise.all([import('../src/pages/TokTitles'), import('../src/pages/Enquiries'), import('../src/pages/Settings')]));

const pathOf = (c: Call) => c.url.replace(/^.*\/api\/v1/, '').split('?')[0]!;
const queryOf = (c: Call) => new URL(c.url, 'http://x').searchParams;
type Routes = Record<string, unknown | ((c: Call) => Response)>;
const api = (routes: Routes) => (c: Call) => {
  const p = pathOf(c);
  if (p === '/health') return res(200, { status: 'ok', services: {}, not_ready: [] });
  const r = routes[`${c.method} ${p}`] ?? routes[p];
  if (typeof r === 'function') return (r as (c: Call) => Response)(c);
  if (r !== undefined) return res(200, r);
  return res(404, { detail: 'Not found', code: 'NOT_FOUND' });
};

function setup(path: string, handler: (c: Call) => Response, user = superAdmin) {
  return renderRemote(AdminApp, '/admin/*', { path, handler, user });
}

const click = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const button = (name: string | RegExp) => screen.getByRole('button', { name });

const six = (label: string) => Array.from({ length: 6 }, (_, i) => `${label} title ${i + 1}: is knowledge shaped by the knower?`);
const session = (id: string, name: string, current: boolean) => ({
  id,
  session: name,
  titles: six(name),
  current,
  last_updated: '2026-11-01T10:00:00Z',
  updated_by: 'Grace Hopper',
});

describe('TOK Titles screen', () => {
  const sessions = {
    success: true,
    sessions: [session('s1', 'Example session (replace with the real titles)', true), session('s2', 'May 2027', false)],
  };

  it('the navigation opens it; it previews exactly what the wizard shows and warns while example titles are current', async () => {
    setup('/admin/settings', api({ '/general/tok-sessions': sessions, '/general/settings': { success: true, data: settingsData } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('menu', { name: 'Admin' });
    expect(within(nav).getByText('Enquiries')).toBeTruthy();
    await click(within(nav).getByText('TOK Titles'));
    expect(await screen.findByTestId('tok-example-warning')).toBeTruthy();
    const preview = await screen.findByTestId('tok-preview');
    const items = [...preview.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      ...six('Example session (replace with the real titles)').map((t, i) => `Title ${i + 1}: ${t}`),
      'Other title (type the title you answered)',
    ]);
    expect(preview.textContent).toContain('Prescribed titles for the Example session (replace with the real titles) session');
  });

  it('a super admin makes another session current and creates a session of six checked titles', async () => {
    const f = setup(
      '/admin/tok-titles',
      api({
        '/general/tok-sessions': sessions,
        'POST /general/tok-sessions/s2/current': { success: true, data: session('s2', 'May 2027', true) },
        'POST /general/tok-sessions': (c: Call) =>
          res(201, { success: true, data: { ...session('s3', 'November 2027', false), ...(c.body as object) } }),
      }),
    );
    await click(await screen.findByTestId('tok-session-May 2027'));
    expect((await screen.findByTestId('tok-preview')).textContent).toContain('This session is not current');
    await click(button('Make Current'));
    await waitFor(() => expect(f.calls.some((c) => c.method === 'POST' && pathOf(c) === '/general/tok-sessions/s2/current')).toBe(true));

    await click(button(/New Session/));
    const editor = await screen.findByTestId('tok-editor');
    await click(within(editor).getByRole('button', { name: 'Save Titles' }));
    expect((await screen.findByTestId('tok-problems')).textContent).toContain('Enter the session, e.g. "May 2027".');
    expect(screen.getByTestId('tok-problems').textContent).toContain('Title 6 needs at least 10 characters.');
    expect(f.calls.some((c) => c.method === 'POST' && pathOf(c) === '/general/tok-sessions')).toBe(false);

    fireEvent.change(screen.getByLabelText('Session'), { target: { value: ' November 2027 ' } });
    six('Nov').forEach((t, i) => fireEvent.change(screen.getByLabelText(`Title ${i + 1}`), { target: { value: t } }));
    await click(within(editor).getByRole('button', { name: 'Save Titles' }));
    await waitFor(() =>
      expect(f.calls.find((c) => c.method === 'POST' && pathOf(c) === '/general/tok-sessions')?.body).toEqual({
        session: 'November 2027',
        titles: six('Nov'),
      }),
    );
  });

  it('an admin who is not super admin reads the sessions but is offered no change', async () => {
    setup('/admin/tok-titles', api({ '/general/tok-sessions': sessions }), admin);
    expect(await screen.findByTestId('tok-read-only')).toBeTruthy();
    await screen.findByTestId('tok-preview');
    expect(screen.queryByRole('button', { name: /New Session/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('draftProblems: a name and six titles of 10–600 characters', () => {
    expect(draftProblems({ id: null, session: 'May 2027', titles: six('x') })).toEqual([]);
    expect(draftProblems({ id: null, session: 'May', titles: [...six('x').slice(0, 5), 'y'.repeat(601)] })).toEqual([
      'Title 6 has more than 600 characters.',
    ]);
  });
});

const enquiry = (id: string, school: string, handled: boolean) => ({
  id,
  name: 'Maria Rossi',
  school,
  email: 'm.rossi@lakeside.example',
  number_of_students: 80,
  message: `Line one from ${school}.\nLine two.`,
  mail_status: 'sent',
  created_at: '2026-11-20T09:30:00Z',
  handled_at: handled ? '2026-11-21T09:30:00Z' : null,
  handled_by: handled ? 'Grace Hopper' : null,
});

describe('Enquiries screen', () => {
  it('lists waiting enquiries first, opens one, marks it handled, filters and exports CSV', async () => {
    const saved: Array<{ blob: Blob; name: string }> = [];
    const createObjectURL = (URL.createObjectURL = jest.fn(() => 'blob:x'));
    URL.revokeObjectURL = jest.fn();
    const anchorClick = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: (createObjectURL.mock.calls.at(-1) as unknown as [Blob])[0], name: this.download });
    });
    const f = setup(
      '/admin/enquiries',
      api({
        '/general/contact/enquiries': (c: Call) => {
          const status = queryOf(c).get('status');
          const list = status === 'handled' ? [enquiry('e2', 'Hillside College', true)] : [enquiry('e1', 'Lakeside School', false)];
          return res(200, { success: true, enquiries: list, total: list.length, unhandled: 1 });
        },
        'PUT /general/contact/enquiries/e1/handled': (c: Call) =>
          res(200, {
            success: true,
            data: { ...enquiry('e1', 'Lakeside School', (c.body as { handled: boolean }).handled), handled_by: 'Grace Hopper' },
          }),
        '/general/contact/enquiries/export': () =>
          ({
            ok: true,
            status: 200,
            headers: {
              get: (h: string) =>
                h.toLowerCase() === 'content-disposition' ? 'attachment; filename="enquiries_handled_2026-11-29.csv"' : 'text/csv',
            },
            blob: async () => new Blob(['id,received_at\r\n']),
            text: async () => 'id,received_at\r\n',
          }) as unknown as Response,
      }),
    );
    await screen.findByTestId('enquiry-e1');
    expect(queryOf(f.calls.find((c) => pathOf(c) === '/general/contact/enquiries')!).get('status')).toBe('unhandled');
    expect(screen.getByText('Waiting (1)')).toBeTruthy();

    await click(screen.getByTestId('enquiry-e1'));
    const detail = await screen.findByTestId('enquiry-detail');
    expect(within(detail).getByTestId('enquiry-message').textContent).toBe('Line one from Lakeside School.\nLine two.');
    await click(button(/Mark as Handled/));
    await waitFor(() => expect(f.calls.find((c) => c.method === 'PUT')?.body).toEqual({ handled: true }));
    expect(await screen.findByRole('button', { name: /Mark as Waiting/ })).toBeTruthy();
    expect(screen.getByTestId('enquiry-detail').textContent).toContain('by Grace Hopper');
    await click(screen.getByRole('button', { name: 'Close' }));

    await click(screen.getByText('Handled', { selector: '.ant-segmented-item-label' }));
    await screen.findByTestId('enquiry-e2');
    await click(button(/Export CSV/));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['enquiries_handled_2026-11-29.csv']));
    const exportCall = f.calls.find((c) => pathOf(c) === '/general/contact/enquiries/export')!;
    expect(queryOf(exportCall).get('status')).toBe('handled');
    anchorClick.mockRestore();
  });

  it('says when nothing is waiting', async () => {
    setup('/admin/enquiries', api({ '/general/contact/enquiries': { success: true, enquiries: [], total: 0, unhandled: 0 } }), admin);
    expect((await screen.findByTestId('enquiries-empty')).textContent).toContain('No enquiries are waiting for an answer');
  });
});

const settingsData = {
  organisation_name: '',
  contact_email: '',
  safeguarding_email: 'dsl@maple.test',
  postal_address: '',
  enquiry_notification_email: 'enquiries@maple.test',
  last_updated: null,
  updated_by: null,
};

describe('Settings: organisation and enquiries', () => {
  it('a super admin sees what is not set, cannot save a malformed address and saves the details', async () => {
    const f = setup(
      '/admin/settings',
      api({
        '/general/settings': { success: true, data: settingsData },
        'PUT /general/settings': (c: Call) =>
          res(200, { success: true, data: { ...settingsData, ...(c.body as object), updated_by: 'Grace Hopper' } }),
      }),
    );
    const card = await screen.findByTestId('organisation-settings');
    expect((await within(card).findByTestId('settings-not-set')).textContent).toContain(
      'Not set yet: Organisation name, Contact e-mail, Postal address',
    );
    expect((screen.getByLabelText('Enquiry notification e-mail') as HTMLInputElement).value).toBe('enquiries@maple.test');
    fireEvent.change(screen.getByLabelText('Contact e-mail'), { target: { value: 'not an address' } });
    expect((await within(card).findByTestId('settings-problems')).textContent).toBe('Contact e-mail must be an e-mail address.');
    expect((within(card).getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Contact e-mail'), { target: { value: 'help@maple.test' } });
    fireEvent.change(screen.getByLabelText('Organisation name'), { target: { value: 'Maple Learning Ltd.' } });
    fireEvent.change(screen.getByLabelText('Postal address'), { target: { value: '12 King St W, Toronto' } });
    await click(within(card).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() =>
      expect(f.calls.find((c) => c.method === 'PUT' && pathOf(c) === '/general/settings')?.body).toEqual({
        organisation_name: 'Maple Learning Ltd.',
        contact_email: 'help@maple.test',
        safeguarding_email: 'dsl@maple.test',
        postal_address: '12 King St W, Toronto',
        enquiry_notification_email: 'enquiries@maple.test',
      }),
    );
    expect(await within(card).findByTestId('organisation-settings-banner')).toBeTruthy();
    await waitFor(() => expect(within(card).queryByTestId('settings-not-set')).toBeNull());
  });

  it('an admin sees the settings read-only and no save button', async () => {
    setup('/admin/settings', api({ '/general/settings': { success: true, data: settingsData } }), admin);
    const card = await screen.findByTestId('organisation-settings');
    await waitFor(() => expect((screen.getByLabelText('Enquiry notification e-mail') as HTMLInputElement).readOnly).toBe(true));
    expect(card.textContent).toContain('Only a super admin can change them.');
    expect(within(card).queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });

  it('settingsProblems: the inbox is required; other details may be empty', () => {
    expect(settingsProblems({ ...settingsData, enquiry_notification_email: '' })).toEqual(['Enquiry notification e-mail is required.']);
    expect(settingsProblems(settingsData)).toEqual([]);
  });
});
