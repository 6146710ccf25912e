import fs from 'node:fs';
import path from 'node:path';
import { MAX_AVATAR_BYTES, type User } from '@corestone/contracts';
import { JPEG, PNG, WEBP, json, multipartBody, startUsers, type Harness, type TestUser } from './helpers';

let h: Harness;
let s: TestUser;
beforeAll(async () => {
  h = await startUsers('usav');
  s = await h.user('student');
});
afterAll(async () => {
  await h.close();
});

const upload = (u: TestUser, body: ReturnType<typeof multipartBody>) =>
  h.app.inject({ method: 'POST', url: '/users/me/avatar', headers: { ...u.headers, ...body.headers }, payload: body.payload });
const fileOf = (user: User) => user.avatar!.replace('/api/v1/users/avatars/', '');

it('stores a PNG under AVATAR_DIR with a random name and serves it publicly with its type and a long cache', async () => {
  const res = await upload(s, multipartBody('file', 'me.png', 'image/png', PNG));
  expect(res.statusCode).toBe(200);
  const user = json<User>(res);
  expect(user.avatar).toMatch(/^\/api\/v1\/users\/avatars\/[a-f0-9]{32}\.png$/);
  expect(fs.readFileSync(path.join(h.avatarDir, fileOf(user))).equals(PNG)).toBe(true);

  const served = await h.app.inject({ url: `/users/avatars/${fileOf(user)}` }); // no token: public
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['cache-control']).toContain('max-age=31536000');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect(served.rawPayload.equals(PNG)).toBe(true);
  expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).avatar).toBe(user.avatar);
});

it('judges the type by content: JPEG and WebP are accepted whatever their names', async () => {
  const jpg = json<User>(await upload(s, multipartBody('file', 'photo.bin', 'application/octet-stream', JPEG)));
  expect(jpg.avatar).toMatch(/\.jpg$/);
  expect((await h.app.inject({ url: `/users/avatars/${fileOf(jpg)}` })).headers['content-type']).toBe('image/jpeg');
  const webp = json<User>(await upload(s, multipartBody('file', 'x.png', 'image/png', WEBP)));
  expect(webp.avatar).toMatch(/\.webp$/);
  expect((await h.app.inject({ url: `/users/avatars/${fileOf(webp)}` })).headers['content-type']).toBe('image/webp');
});

it('refuses a .png name with text content, and SVG/HTML, without storing anything', async () => {
  const before = fs.readdirSync(h.avatarDir).sort();
  const current = json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).avatar;
  for (const [name, type, data] of [
    ['evil.png', 'image/png', Buffer.from('hello, I am not a picture')],
    ['x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['x.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['empty.png', 'image/png', Buffer.alloc(0)],
  ] as const) {
    const res = await upload(s, multipartBody('file', name, type, data));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'Avatar must be a PNG, JPEG or WebP image', code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  expect(fs.readdirSync(h.avatarDir).sort()).toEqual(before);
  expect(json<User>(await h.app.inject({ url: '/users/me', headers: s.headers })).avatar).toBe(current);
});

it('refuses a file over 2 MB with a clean 413', async () => {
  const big = Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES)]);
  const res = await upload(s, multipartBody('file', 'big.png', 'image/png', big));
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ detail: 'Avatar must be at most 2 MB', code: 'PAYLOAD_TOO_LARGE' });
  const exactly = Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES - PNG.length)]);
  expect((await upload(s, multipartBody('file', 'edge.png', 'image/png', exactly))).statusCode).toBe(200);
});

it('refuses a missing file field, a wrong field name and a non-multipart body', async () => {
  const wrong = await upload(s, multipartBody('picture', 'a.png', 'image/png', PNG));
  expect(wrong.statusCode).toBe(400);
  const json415 = await h.app.inject({ method: 'POST', url: '/users/me/avatar', headers: s.headers, payload: { file: 'x' } });
  expect(json415.statusCode).toBe(415);
  const broken = await h.app.inject({
    method: 'POST',
    url: '/users/me/avatar',
    headers: { ...s.headers, 'content-type': 'multipart/form-data; boundary=zzz' },
    payload: 'not really multipart',
  });
  expect([400, 415]).toContain(broken.statusCode);
  expect(broken.json()).toHaveProperty('code');
  expect((await h.app.inject({ method: 'POST', url: '/users/me/avatar' })).statusCode).toBe(401);
});

it('replacing removes the old file; DELETE removes the avatar', async () => {
  const t = await h.user('teacher');
  const first = json<User>(await upload(t, multipartBody('file', 'a.png', 'image/png', PNG)));
  const second = json<User>(await upload(t, multipartBody('file', 'b.jpg', 'image/jpeg', JPEG)));
  expect(second.avatar).not.toBe(first.avatar);
  expect((await h.app.inject({ url: `/users/avatars/${fileOf(first)}` })).statusCode).toBe(404);
  expect(fs.existsSync(path.join(h.avatarDir, fileOf(first)))).toBe(false);

  const del = await h.app.inject({ method: 'DELETE', url: '/users/me/avatar', headers: t.headers });
  expect(del.statusCode).toBe(200);
  expect(json<User>(del).avatar).toBeNull();
  expect(fs.existsSync(path.join(h.avatarDir, fileOf(second)))).toBe(false);
  expect((await h.app.inject({ url: `/users/avatars/${fileOf(second)}` })).statusCode).toBe(404);
  // deleting again is harmless
  expect((await h.app.inject({ method: 'DELETE', url: '/users/me/avatar', headers: t.headers })).statusCode).toBe(200);
});

it('serves only well-formed names', async () => {
  fs.writeFileSync(path.join(h.avatarDir, 'secret.txt'), 'do not serve');
  for (const name of [
    'secret.txt',
    '..%2Fsecret.txt',
    '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    'ABCDEF0123456789ABCDEF0123456789.png',
    `${'a'.repeat(32)}.gif`,
    `${'a'.repeat(32)}.png`,
  ]) {
    const res = await h.app.inject({ url: `/users/avatars/${name}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toHaveProperty('code', 'NOT_FOUND');
  }
});

it('answers a clean 413 over a real socket too (the upload is cut off at 2 MB)', async () => {
  const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
  const post = (data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'image/png' }), 'big.png');
    return fetch(`${address}/users/me/avatar`, { method: 'POST', headers: s.headers, body: form });
  };
  const big = await post(Buffer.concat([PNG, Buffer.alloc(3 * MAX_AVATAR_BYTES)]));
  expect(big.status).toBe(413);
  expect(await big.json()).toEqual({ detail: 'Avatar must be at most 2 MB', code: 'PAYLOAD_TOO_LARGE' });
  const ok = await post(PNG);
  expect(ok.status).toBe(200);
  expect(((await ok.json()) as User).avatar).toMatch(/\.png$/);
});
