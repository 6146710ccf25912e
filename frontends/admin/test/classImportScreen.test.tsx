// antd is slow to start under jsdom
jest.setTimeout(60000);

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { render } from '../../test-support/render';
import { App as AntApp } from 'antd';
import { createClient } from '@corestone/sdk';
import { ClassImport } from '../src/components/ClassImport';
import { fakeFetch, res, type Call } from '../../test-support/helpers';

const CSV =
  'first name,last name,email,role,credits\nAnn,Lee,ann@school.org,student,2\nBob,Ray,bob@school.org,student,1\nCy,Oh,nope,student,1';

function setup(handler: (c: Call) => Response) {
  const f = fakeFetch(handler);
  const client = createClient({ fetch: f.fetch, locks: null, eventTarget: null });
  const onDone = jest.fn();
  render(
    <AntApp>
      <ClassImport client={client} roles={['student', 'teacher']} onClose={jest.fn()} onDone={onDone} />
    </AntApp>,
  );
  return { ...f, onDone };
}

const created = (c: Call, sent: boolean) => {
  const body = c.body as { email: string; first_name: string };
  return res(201, { success: true, user: { id: body.email, email: body.email, first_name: body.first_name }, password_email_sent: sent });
};

describe('class import', () => {
  it('gives each account a one-time password by default', async () => {
    const f = setup((c) => created(c, false));
    fireEvent.change(screen.getByLabelText('Class list CSV'), { target: { value: CSV } });
    expect((await screen.findByTestId('import-summary')).textContent).toContain('2 of 3 rows can be imported');
    fireEvent.click(screen.getByTestId('import-run'));
    await waitFor(() => expect(screen.getByTestId('import-report').textContent).toContain('2 accounts created, 1 not created'));
    const bodies = f.calls.map((c) => c.body as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    for (const b of bodies) {
      expect(b.password).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/);
      expect(b).not.toHaveProperty('send_password_email');
    }
    const report = screen.getByRole('dialog');
    expect(within(report).getByText('One-time password')).toBeTruthy();
    expect(within(report).getByText(bodies[0]!.password as string)).toBeTruthy();
    expect(within(report).queryByText('e-mail sent')).toBeNull();
  });

  it("with 'send a password-set e-mail instead' creates accounts without passwords and reports 'e-mail sent' per row", async () => {
    const f = setup((c) => created(c, (c.body as { email: string }).email === 'ann@school.org'));
    fireEvent.click(screen.getByRole('checkbox', { name: /Send a password-set e-mail instead/ }));
    fireEvent.change(screen.getByLabelText('Class list CSV'), { target: { value: CSV } });
    fireEvent.click(await screen.findByTestId('import-run'));
    await waitFor(() => expect(screen.getByTestId('import-report').textContent).toContain('2 accounts created, 1 not created'));
    expect(f.calls.map((c) => [c.method, c.url.replace(/^.*\/api\/v1/, '')])).toEqual([
      ['POST', '/users/admin/create-user'],
      ['POST', '/users/admin/create-user'],
    ]);
    expect(f.calls.map((c) => c.body)).toEqual([
      {
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@school.org',
        send_password_email: true,
        user_type: 'student',
        essay_credits: 2,
        max_essay_credits: 2,
      },
      {
        first_name: 'Bob',
        last_name: 'Ray',
        email: 'bob@school.org',
        send_password_email: true,
        user_type: 'student',
        essay_credits: 1,
        max_essay_credits: 1,
      },
    ]);
    const report = screen.getByRole('dialog');
    expect(within(report).getByText('Password e-mail')).toBeTruthy();
    expect(within(report).getByText('e-mail sent')).toBeTruthy();
    expect(within(report).getByText('e-mail not sent')).toBeTruthy();
    expect(report.querySelector('code')).toBeNull(); // no password anywhere
    expect(within(report).getByText(/Each created account was sent an e-mail to set its password/)).toBeTruthy();
  });
});
