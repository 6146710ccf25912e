import { startUsers, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startUsers('usnul');
});
afterAll(async () => {
  await h.close();
});

it('refuses NUL characters in query, body and path with 400, never a 500', async () => {
  const a = await h.user('admin');
  const calls = [
    h.app.inject({ url: '/users/users?search=%00', headers: a.headers }),
    h.app.inject({ method: 'PUT', url: '/users/me', headers: a.headers, payload: { first_name: 'a\u0000b' } }),
    h.app.inject({ method: 'PUT', url: '/users/me', headers: a.headers, payload: { display_name: '\u0000' } }),
    h.app.inject({ method: 'PUT', url: '/users/admin/api-key', headers: a.headers, payload: { api_key: 'sk-\u0000' } }),
    h.app.inject({ url: '/users/admin/users/%00', headers: a.headers }),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  }
});
