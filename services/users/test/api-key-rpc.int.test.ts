import { Rpc } from '@corestone/contracts';
import { callRpc, encryptSecret, loadPlatformKeys, newId } from '@corestone/service-kit';
import { startUsers, type Harness } from './helpers';

/** rpc.users.get_api_key: the admin's own OpenAI key for grading's quick assessment, decrypted only in the reply. */
let h: Harness;
beforeAll(async () => {
  h = await startUsers('usakey');
});
afterAll(async () => {
  await h.close();
});

const keyOf = (user_id: string) => callRpc(h.bus, Rpc.usersGetApiKey, { user_id });

it("answers an admin's key set through PUT /users/admin/api-key, kept encrypted at rest", async () => {
  const admin = await h.user('admin');
  expect(await keyOf(admin.id)).toEqual({ api_key: null });
  const key = `sk-proj-${'Q7w8E9r0'.repeat(4)}own1`;
  const put = await h.app.inject({ method: 'PUT', url: '/users/admin/api-key', headers: admin.headers, payload: { api_key: key } });
  expect(put.statusCode).toBe(200);
  expect(put.body).not.toContain(key);
  const { rows } = await h.db.pool.query(`SELECT openai_api_key_sealed AS k FROM accounts WHERE id = $1`, [admin.id]);
  expect(rows[0].k).not.toContain(key);
  expect(await keyOf(admin.id)).toEqual({ api_key: key });
  const cleared = await h.app.inject({ method: 'PUT', url: '/users/admin/api-key', headers: admin.headers, payload: { api_key: '' } });
  expect(cleared.statusCode).toBe(200);
  expect(await keyOf(admin.id)).toEqual({ api_key: null });
});

it('answers null for a key left on an account that is not an active admin, and for unknown ids', async () => {
  const sealed = encryptSecret(loadPlatformKeys(h.config).dataKey, 'sk-left-behind-0000');
  const student = await h.user('student');
  await h.ctx.store.setApiKey(student.id, sealed, 'sk-…0000');
  expect(await keyOf(student.id)).toEqual({ api_key: null });

  const admin = await h.user('admin');
  await h.ctx.store.setApiKey(admin.id, sealed, 'sk-…0000');
  expect(await keyOf(admin.id)).toEqual({ api_key: 'sk-left-behind-0000' });
  const boss = await h.user('super_admin');
  const off = await h.app.inject({
    method: 'PUT',
    url: `/users/admin/users/${admin.id}/status`,
    headers: boss.headers,
    payload: { is_active: false },
  });
  expect(off.statusCode).toBe(200);
  expect(await keyOf(admin.id)).toEqual({ api_key: null });

  expect(await keyOf(newId())).toEqual({ api_key: null });
  expect(await keyOf('not-a-uuid')).toEqual({ api_key: null });
});
