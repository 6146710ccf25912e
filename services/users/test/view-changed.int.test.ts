/**
 * Every change to what a user's view shows is announced (`users.view_changed.v1`) before it is
 * answered: a subscriber on another NATS connection (as auth's /auth/me cache is) has the event
 * by the time it could ask anything after the answer. No timing assertions: the subscriber's own
 * PING/PONG after the answer orders it.
 */
import { Events, Rpc } from '@corestone/contracts';
import { callRpc, connectBus, type Bus } from '@corestone/service-kit';
import { startUsers, type Harness } from './helpers';

let h: Harness;
let other: Bus;
const heard: string[] = [];

beforeAll(async () => {
  h = await startUsers('usvc');
  other = await connectBus({ url: h.config.NATS_URL, prefix: h.config.NATS_PREFIX, name: 'view-changed-listener' });
  other.nc.subscribe(other.subject(Events.usersViewChanged.subject), {
    callback: (err, msg) => {
      if (!err) heard.push((JSON.parse(new TextDecoder().decode(msg.data)) as { data: { user_id: string } }).data.user_id);
    },
  });
  await other.nc.flush();
});
afterAll(async () => {
  await other?.close();
  await h.close();
});

/** True when the listener heard a view change for this user before anything it sends after now. */
async function announced(userId: string): Promise<boolean> {
  await other.nc.flush();
  return heard.includes(userId);
}

describe('users.view_changed.v1 is published before the change is answered', () => {
  const changes: Array<[string, (h: Harness, id: string, headers: Record<string, string>) => Promise<number>]> = [
    [
      'PUT /users/me',
      async (h, _id, headers) =>
        (await h.app.inject({ method: 'PUT', url: '/users/me', headers, payload: { first_name: 'New' } })).statusCode,
    ],
    [
      'POST /users/toggle-anonymous',
      async (h, _id, headers) =>
        (await h.app.inject({ method: 'POST', url: '/users/toggle-anonymous', headers, payload: { enabled: true } })).statusCode,
    ],
    [
      'POST /users/increment-message-count',
      async (h, _id, headers) => (await h.app.inject({ method: 'POST', url: '/users/increment-message-count', headers })).statusCode,
    ],
    [
      'rpc.users.count_message (billing)',
      async (h, id) => {
        await callRpc(h.bus, Rpc.usersCountMessage, { user_id: id, unlimited: false });
        return 200;
      },
    ],
    [
      'PUT /users/admin/users/{id}/personas',
      async (h, id) => {
        const sa = await h.user('super_admin');
        const res = await h.app.inject({
          method: 'PUT',
          url: `/users/admin/users/${id}/personas`,
          headers: sa.headers,
          payload: { assigned_personas: ['tutor'] },
        });
        return res.statusCode;
      },
    ],
  ];

  it.each(changes)('%s', async (_name, change) => {
    const s = await h.user('student');
    expect(await announced(s.id)).toBe(false);
    expect(await change(h, s.id, s.headers)).toBe(200);
    expect(await announced(s.id)).toBe(true);
  });

  it('a read announces nothing', async () => {
    const s = await h.user('teacher');
    expect((await h.app.inject({ url: '/users/me', headers: s.headers })).statusCode).toBe(200);
    await callRpc(h.bus, Rpc.usersGetView, { user_id: s.id });
    expect(await announced(s.id)).toBe(false);
  });
});
