import { Events, Rpc, streamName, type User } from '@corestone/contracts';
import { callRpc, newId, publishEvent } from '@corestone/service-kit';
import { BillingLink } from '../src/peers/billing';
import { UserViews } from '../src/app/views';
import { BILLING_MIRROR_DURABLE } from '../src/messaging/billing-mirror';
import { CreditUpdates } from '../src/messaging/credit-updates';
import { billingStandIn, eventually, json, startUsers, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startUsers('usrpc');
});
afterAll(async () => {
  await h.close();
});

const create = (over: Partial<Parameters<typeof callRpc<typeof Rpc.usersCreate>>[2]> = {}) =>
  callRpc(h.bus, Rpc.usersCreate, {
    user_id: newId(),
    email: `u-${newId().slice(-10)}@example.test`,
    first_name: 'Rae',
    last_name: 'Pc',
    role: 'student',
    ...over,
  });

describe('rpc.users.create', () => {
  it('is idempotent by user_id: a retry answers the same user and announces it once', async () => {
    const id = newId();
    const first = await create({ user_id: id, email: `Retry-${id.slice(-6)}@Example.test` });
    const again = await create({ user_id: id, email: `retry-${id.slice(-6)}@example.test`, first_name: 'Other' });
    expect(again.user).toEqual(first.user);
    expect(first.user).toMatchObject({ id, user_id: id, first_name: 'Rae', role: 'student', email: `Retry-${id.slice(-6)}@Example.test` });
    expect((await h.outbox(id)).map((e) => e.subject)).toEqual([Events.usersCreated.subject]);
  });

  it('refuses an existing e-mail under another id (any case) with 409 EMAIL_ALREADY_EXISTS', async () => {
    const { user } = await create();
    await expect(create({ email: user.email.toUpperCase() })).rejects.toMatchObject({
      statusCode: 409,
      code: 'EMAIL_ALREADY_EXISTS',
      detail: 'An account with this email already exists',
    });
  });

  it('refuses malformed requests with 400 (never a 500)', async () => {
    await expect(create({ user_id: 'abc' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(create({ email: '   ' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(create({ role: 'king' as never })).rejects.toMatchObject({ statusCode: 400 });
    await expect(create({ essay_credits: -3 })).rejects.toMatchObject({ statusCode: 400 });
    await expect(create({ first_name: 'a\u0000' })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('hands initial credits to billing (set_credits) and answers them; 503 when billing is away, then a retry completes', async () => {
    const id = newId();
    await expect(create({ user_id: id, essay_credits: 5, max_essay_credits: 5 })).rejects.toMatchObject({ statusCode: 503 });
    const billing = billingStandIn(h);
    try {
      const { user } = await create({ user_id: id, essay_credits: 5, max_essay_credits: 5 });
      expect(user).toMatchObject({ id, essay_credits: 5, max_essay_credits: 5 });
      expect(billing.setCalls).toEqual([{ user_id: id, essay_credits: 5, max_essay_credits: 5 }]);
      expect((await h.outbox(id)).filter((e) => e.subject === Events.usersCreated.subject)).toHaveLength(1);
    } finally {
      await billing.stop();
    }
  });
});

describe('rpc.users.create_many', () => {
  const item = (over: Partial<{ user_id: string; email: string; first_name: string; role: 'student' | 'teacher' }> = {}) => ({
    user_id: newId(),
    email: `m-${newId().slice(-10)}@example.test`,
    first_name: 'Mae',
    last_name: 'Ny',
    role: 'student' as const,
    ...over,
  });

  it('makes a batch in order, each announced once; a retry answers created: false; refusals are per item', async () => {
    const taken = (await create()).user.email;
    const items = [item(), item({ role: 'teacher' }), item({ email: taken.toUpperCase() }), item({ user_id: 'abc' }), item()];
    const { results } = await callRpc(h.bus, Rpc.usersCreateMany, { users: items });
    expect(results).toEqual([
      { ok: true, user_id: items[0]!.user_id, role: 'student', is_active: true, created: true },
      { ok: true, user_id: items[1]!.user_id, role: 'teacher', is_active: true, created: true },
      { ok: false, code: 'EMAIL_ALREADY_EXISTS', detail: 'An account with this email already exists', status: 409 },
      expect.objectContaining({ ok: false, code: 'VALIDATION_ERROR', status: 400 }),
      { ok: true, user_id: items[4]!.user_id, role: 'student', is_active: true, created: true },
    ]);
    for (const i of [0, 1, 4]) {
      expect((await h.outbox(items[i]!.user_id)).map((e) => e.subject)).toEqual([Events.usersCreated.subject]);
    }
    // the same batch again: nothing new, nothing announced twice
    const again = await callRpc(h.bus, Rpc.usersCreateMany, { users: [items[0]!, items[4]!] });
    expect(again.results).toEqual([
      { ok: true, user_id: items[0]!.user_id, role: 'student', is_active: true, created: false },
      { ok: true, user_id: items[4]!.user_id, role: 'student', is_active: true, created: false },
    ]);
    expect(await h.outbox(items[0]!.user_id)).toHaveLength(1);
    // the records are the ones create makes
    const view = await callRpc(h.bus, Rpc.usersGetView, { user_id: items[1]!.user_id });
    expect(view.user).toMatchObject({ id: items[1]!.user_id, email: items[1]!.email, first_name: 'Mae', last_name: 'Ny', role: 'teacher' });
  });
});

describe('rpc.users.get_view', () => {
  it('answers 404 USER_NOT_FOUND for unknown and malformed ids', async () => {
    for (const user_id of [newId(), 'x', '']) {
      await expect(callRpc(h.bus, Rpc.usersGetView, { user_id })).rejects.toMatchObject({ statusCode: 404, code: 'USER_NOT_FOUND' });
    }
  });

  it('answers credits from its mirror without asking billing, read-your-writes: a change billing announced shows at once', async () => {
    await h.ctx.feed.whenCurrent();
    const { user } = await create();
    const billing = billingStandIn(h);
    const view = async () => (await callRpc(h.bus, Rpc.usersGetView, { user_id: user.id })).user;
    try {
      // billing never spoke about this user: the spec defaults, and billing is not asked
      expect(await view()).toMatchObject({ essay_credits: 1, max_essay_credits: 1, subscription_plan: 'free' });
      expect(billing.getCalls).toBe(0);

      await billing.change(user.id, { essay_credits: 42, max_essay_credits: 50, subscription_plan: 'core_pack' });
      expect(await view()).toMatchObject({ essay_credits: 42, max_essay_credits: 50, subscription_plan: 'core_pack' });

      // the mirror's consumer is stopped: only what the stream feed heard can show the next change at once
      await h.billingMirror.stop();
      try {
        await billing.change(user.id, { essay_credits: 41 });
        expect((await view()).essay_credits).toBe(41);
        const me = await h.app.inject({
          url: '/users/me',
          headers: { authorization: `Bearer ${await h.tokens.sign(user.id, 'student')}` },
        });
        expect(json<User>(me).essay_credits).toBe(41);
        expect(billing.getCalls).toBe(0);
      } finally {
        await h.billingMirror.restart();
      }
      // the consumer catches up: the mirror itself holds version 3 (41 credits)
      await eventually(async () => (await h.ctx.store.get(user.id))?.credits?.essay_credits === 41);
      expect((await h.ctx.store.get(user.id))?.credits).toMatchObject({ essay_credits: 41, max_essay_credits: 50, version: 3 });
    } finally {
      await billing.stop();
    }
  });

  it('asks billing live while the mirror is not known to be complete (falls back to the mirror when billing is silent)', async () => {
    const { user } = await create();
    const billing = billingStandIn(h);
    await billing.change(user.id, { essay_credits: 8 });
    await eventually(async () => (await h.ctx.store.get(user.id))?.credits?.essay_credits === 8);
    // an update the mirror has not applied, published before a feed starts reading: the feed cannot know it
    await h.billingMirror.stop();
    let restarted = false;
    let stopped = false;
    const feed = new CreditUpdates(h.bus, BILLING_MIRROR_DURABLE, h.app.log);
    const link = new UserViews(h.ctx.store, new BillingLink(h.bus, h.ctx.store, h.config.BILLING_RPC_TIMEOUT_MS, h.app.log, feed));
    const credits = async () => (await link.view(user.id, async () => (await h.ctx.store.get(user.id))!)).essay_credits;
    try {
      await billing.change(user.id, { essay_credits: 6 });
      await feed.start();
      const mirrored = (await h.ctx.store.get(user.id))!.credits;
      expect(mirrored?.essay_credits).toBe(8);
      expect(feed.current).toBe(false);
      const calls = billing.getCalls;
      expect(await credits()).toBe(6);
      expect(billing.getCalls).toBe(calls + 1);

      // billing listens but never answers: after its timeout the mirror is used
      await billing.stop();
      stopped = true;
      const silent = h.bus.nc.subscribe(h.bus.subject(Rpc.billingGetAccount.subject), { callback: () => undefined });
      try {
        await h.bus.nc.flush();
        expect(await credits()).toBe(8);
      } finally {
        silent.unsubscribe();
      }

      // once the consumer has applied everything, the feed is current and billing is no longer asked
      await h.billingMirror.restart();
      restarted = true;
      await feed.whenCurrent();
      const asked = billing.getCalls;
      expect(await credits()).toBe(6);
      expect(billing.getCalls).toBe(asked);
    } finally {
      feed.stop();
      if (!stopped) await billing.stop();
      if (!restarted) await h.billingMirror.restart();
    }
  });
});

describe('credit updates read from the BILLING stream (CreditUpdates)', () => {
  it('start over when more updates are kept than they may hold: billing is asked live until the mirror is confirmed again', async () => {
    const { user: first } = await create();
    const { user: second } = await create();
    const billing = billingStandIn(h);
    const updates = new CreditUpdates(h.bus, BILLING_MIRROR_DURABLE, h.app.log, 1); // keeps one update at most
    const link = new UserViews(h.ctx.store, new BillingLink(h.bus, h.ctx.store, h.config.BILLING_RPC_TIMEOUT_MS, h.app.log, updates));
    const credits = async (id: string) => (await link.view(id, async () => (await h.ctx.store.get(id))!)).essay_credits;
    let restarted = false;
    try {
      await updates.start();
      await updates.whenCurrent();
      await h.billingMirror.stop(); // nothing reaches the mirror: only the stream feed knows
      await billing.change(first.id, { essay_credits: 7 });
      const calls = billing.getCalls;
      expect(await credits(first.id)).toBe(7);
      expect(billing.getCalls).toBe(calls);

      await billing.change(second.id, { essay_credits: 9 }); // a second kept update: over the limit, forgotten
      expect(await credits(second.id)).toBe(9); // not current: asked live
      expect(billing.getCalls).toBe(calls + 1);
      expect(updates.current).toBe(false);

      await h.billingMirror.restart();
      restarted = true;
      await updates.whenCurrent(); // the mirror has both now
      const asked = billing.getCalls;
      expect([await credits(first.id), await credits(second.id)]).toEqual([7, 9]);
      expect(billing.getCalls).toBe(asked);
    } finally {
      updates.stop();
      await billing.stop();
      if (!restarted) await h.billingMirror.restart();
    }
  });
});

describe('billing.account_updated.v1 mirror', () => {
  it('keeps the highest version, ignores older and repeated events (by event id); the service runs the mirror', async () => {
    const { user } = await create();
    const token = await h.tokens.sign(user.id, 'student');
    const account = (v: number, credits: number) => ({
      user_id: user.id,
      essay_credits: credits,
      max_essay_credits: 10,
      subscription_plan: 'super_core_pack',
      subscription_status: 'active',
      version: v,
    });
    const processed = (eventId: string) => async () =>
      (await h.db.pool.query(`SELECT 1 FROM processed_events WHERE event_id = $1`, [eventId])).rowCount === 1;
    const me = async () => json<User>(await h.app.inject({ url: '/users/me', headers: { authorization: `Bearer ${token}` } }));

    const e5 = await publishEvent(h.bus, Events.billingAccountUpdated, account(5, 7));
    await eventually(processed(e5));
    expect(await me()).toMatchObject({ essay_credits: 7, max_essay_credits: 10, subscription_plan: 'super_core_pack' });

    // the same event again (a redelivery) changes nothing, even if its body differed
    expect(await h.ctx.store.applyAccountUpdated(BILLING_MIRROR_DURABLE, e5, account(9, 1))).toBe(false);
    expect((await me()).essay_credits).toBe(7);

    const e3 = await publishEvent(h.bus, Events.billingAccountUpdated, account(3, 99)); // older: ignored
    await eventually(processed(e3));
    expect((await me()).essay_credits).toBe(7);

    // an event for a user not (yet) known is kept for when the account appears
    const early = newId();
    const eEarly = await publishEvent(h.bus, Events.billingAccountUpdated, { ...account(1, 4), user_id: early });
    await eventually(processed(eEarly));
    const { user: later } = await create({ user_id: early });
    expect(later.essay_credits).toBe(4);

    // the admin list reads the mirror too
    const admin = await h.user('admin');
    const list = await h.app.inject({ url: `/users/users?search=${encodeURIComponent(user.email)}`, headers: admin.headers });
    expect(list.json().users[0]).toMatchObject({ essay_credits: 7 });
  });
});

describe('outbox relay (started with the service)', () => {
  it('publishes the users events to the users stream and empties the outbox', async () => {
    const { user } = await create();
    const sa = await h.user('super_admin');
    await h.app.inject({ method: 'PUT', url: `/users/admin/users/${user.id}/status`, headers: sa.headers, payload: { is_active: false } });
    await h.relay.flush();
    const stream = streamName(h.bus.prefix, 'users');
    const last = await eventually(async () => {
      const msg = await h.bus.jsm.streams
        .getMessage(stream, { last_by_subj: h.bus.subject(Events.usersAccessChanged.subject) })
        .catch(() => null);
      return msg ?? null;
    });
    expect(JSON.parse(new TextDecoder().decode(last.data))).toMatchObject({
      type: Events.usersAccessChanged.subject,
      data: { user_id: user.id, role: 'student', is_active: false },
    });
    const { rows } = await h.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox`);
    expect(rows[0].n).toBe(0);
  });
});
