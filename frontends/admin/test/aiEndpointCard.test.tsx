// antd is slow to start under jsdom
jest.setTimeout(60000);

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { render } from '../../test-support/render';
import { createClient } from '@corestone/sdk';
import { AiEndpointCard } from '../src/components/school/AiEndpointCard';
import { fakeFetch, res } from '../../test-support/helpers';

/** Issue 33 §2: the school settings' model endpoint card (PUT/DELETE /schools/{id}/ai-endpoint, POST …/test). */
const stored = {
  school_id: 's1',
  kind: 'azure',
  base_url: 'https://school-eu.openai.azure.com',
  model: 'gpt-4o',
  azure_deployment: 'essays',
  azure_api_version: '2024-10-21',
  has_api_key: true,
  api_key_masked: 'azu…4242',
  updated_at: '2026-11-29T10:00:00.000Z',
};

it('saves an Azure endpoint (the key sent once, then only its mask shown), tests the connection, goes back to the platform', async () => {
  const f = fakeFetch((c) => {
    if (c.method === 'GET') return res(200, { endpoint: null });
    if (c.method === 'PUT') return res(200, { endpoint: stored });
    if (c.url.endsWith('/test'))
      return res(200, { success: false, status: 401, detail: 'The endpoint answered HTTP 401: bad key', latency_ms: 12 });
    return res(200, { endpoint: null });
  });
  render(<AiEndpointCard client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })} schoolId="s1" />);
  await waitFor(() => expect(screen.getByTestId('ai-endpoint-current').textContent).toBe("Essays are graded on the platform's model."));
  expect((screen.getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(true);

  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByText('Azure OpenAI'));
  fireEvent.change(await screen.findByLabelText('Azure endpoint'), { target: { value: 'https://school-eu.openai.azure.com' } });
  fireEvent.change(screen.getByLabelText('Model'), { target: { value: 'gpt-4o' } });
  fireEvent.change(screen.getByLabelText('Deployment'), { target: { value: 'essays' } });
  fireEvent.change(screen.getByLabelText('API key'), { target: { value: ' azure-secret-4242 ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save endpoint' }));
  await waitFor(() => expect(screen.getByTestId('ai-endpoint-current').textContent).toContain('Key: azu…4242'));
  const put = f.calls.find((c) => c.method === 'PUT')!;
  expect(put.url).toMatch(/\/schools\/s1\/ai-endpoint$/);
  expect(put.body).toEqual({
    kind: 'azure',
    base_url: 'https://school-eu.openai.azure.com',
    model: 'gpt-4o',
    api_key: 'azure-secret-4242',
    azure_deployment: 'essays',
  });
  expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe('');

  fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  await waitFor(() =>
    expect(screen.getByTestId('ai-endpoint-note').textContent).toContain('The endpoint answered HTTP 401: bad key (12 ms)'),
  );

  fireEvent.click(screen.getByRole('button', { name: "Use the platform's model" }));
  await waitFor(() => expect(screen.getByTestId('ai-endpoint-current').textContent).toBe("Essays are graded on the platform's model."));
  expect(f.calls.at(-1)).toMatchObject({ method: 'DELETE' });
});
