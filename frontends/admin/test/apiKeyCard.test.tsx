// antd is slow to start under jsdom
jest.setTimeout(60000);

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { createClient, normalizeUser } from '@corestone/sdk';
import { ApiKeyCard } from '../src/components/ApiKeyCard';
import { fakeFetch, res } from '../../test-support/helpers';

const admin = normalizeUser({ id: 'a1', email: 'alan@school.org', first_name: 'Alan', last_name: 'Turing', user_type: 'admin' })!;

it('saves the own OpenAI key with PUT /users/admin/api-key, then shows it only masked; Remove sends an empty key', async () => {
  const f = fakeFetch((c) => {
    const key = (c.body as { api_key: string }).api_key;
    return res(200, { ...admin, openai_api_key: key ? 'sk-…wxyz' : null });
  });
  const refreshUser = jest.fn(async () => admin);
  render(<ApiKeyCard client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })} user={admin} refreshUser={refreshUser} />);
  expect(screen.getByTestId('api-key-current').textContent).toBe("No key set: the platform's grader assesses your essays.");
  fireEvent.change(screen.getByLabelText('OpenAI API key'), { target: { value: '  sk-proj-abcdefwxyz ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Key' }));
  await waitFor(() => expect(screen.getByTestId('api-key-current').textContent).toBe('Current key: sk-…wxyz'));
  expect(f.calls.map((c) => [c.method, c.url.replace(/^.*\/api\/v1/, ''), c.body])).toEqual([
    ['PUT', '/users/admin/api-key', { api_key: 'sk-proj-abcdefwxyz' }],
  ]);
  expect((screen.getByLabelText('OpenAI API key') as HTMLInputElement).value).toBe('');
  expect(screen.getByTestId('api-key-note').textContent).toContain('API key saved');
  expect(refreshUser).toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Remove Key' }));
  await waitFor(() => expect(screen.getByTestId('api-key-current').textContent).toContain('No key set'));
  expect(f.calls[1]!.body).toEqual({ api_key: '' });
});
