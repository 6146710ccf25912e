// antd is slow to start under jsdom
jest.setTimeout(60000);

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { createClient } from '@corestone/sdk';
import { DeepLinkPicker } from '../src/components/teaching/DeepLinkPicker';
import { fakeFetch, res } from '../../test-support/helpers';

/** Issue 32: the deep-linking picker on a class (POST /lti/deep-linking/response, then the form to the LMS). */
afterEach(() => jest.restoreAllMocks());

it('asks for the signed response of the picked assignment and posts it to the LMS as JWT', async () => {
  const submitted: Array<{ action: string; method: string; jwt: string | null }> = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({ action: this.action, method: this.method, jwt: new FormData(this).get('JWT') as string | null });
  });
  const f = fakeFetch(() => res(200, { return_url: 'https://lms.example/deep_link_return', jwt: 'signed.jwt.value' }));
  const assignments = [
    { id: 'a1', title: 'EE first draft' },
    { id: 'a2', title: 'TOK essay' },
  ];
  render(
    <DeepLinkPicker client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })} launchId="l1" assignments={assignments} />,
  );
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByText('TOK essay'));
  fireEvent.click(screen.getByRole('button', { name: 'Add to course' }));
  await waitFor(() => expect(submitted).toHaveLength(1));
  expect(f.calls[0]).toMatchObject({ method: 'POST', body: { launch_id: 'l1', assignment_id: 'a2' } });
  expect(f.calls[0].url).toMatch(/\/lti\/deep-linking\/response$/);
  expect(submitted[0]).toEqual({ action: 'https://lms.example/deep_link_return', method: 'post', jwt: 'signed.jwt.value' });
});

it('shows the refusal and posts nothing', async () => {
  const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  const f = fakeFetch(() => res(409, { detail: 'This launch did not ask for a deep link', code: 'LTI_NOT_DEEP_LINKING' }));
  render(
    <DeepLinkPicker
      client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })}
      launchId="l1"
      assignments={[{ id: 'a1', title: 'EE' }]}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add to course' }));
  await waitFor(() => expect(screen.getByTestId('deep-link-error').textContent).toContain('did not ask for a deep link'));
  expect(submit).not.toHaveBeenCalled();
});
