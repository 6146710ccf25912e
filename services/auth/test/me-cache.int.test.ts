/**
 * /auth/me's cache (src/messaging/me-cache.ts) against the real NATS and Postgres: a kept view and
 * its live sessions are used only while nothing can have changed them, a change announced before it
 * is answered shows on the very next request (on every replica), every way a session ends (logout,
 * password change, refresh-token reuse) ends it at once on every replica, a session begun after the
 * load is accepted, a NATS reconnect loses nothing, and a feed that stops delivering falls back to
 * asking users and Postgres. No timing assertions.
 */
import { DEFAULT_SCHOOL_SETTINGS, Events, type CreditAccount } from '@corestone/contracts';
import { publishEvent } from '@corestone/service-kit';
import { startService, type AuthRunning } from '../src/start';
import { bearer, startAuth, type Harness } from './helpers';

let h: Harness;
/** A second auth replica on the same database, NATS prefix and keys. */
let b: AuthRunning;

beforeAll(async () => {
  h = await startAuth('authvc');
  b = await startService(h.config);
  await Promise.all([h.meCache.whenCurrent(), b.meCache.whenCurrent()]);
});
afterAll(async () => {
  await b?.stop();
  await h.close();
});

const meOn = (replica: AuthRunning, token: string) => replica.app.inject({ url: '/auth/me', headers: bearer(token) });

/** Asks until the replica answers from its cache (the first request or two load the view). */
async function warm(replica: AuthRunning, token: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const hits = replica.meCache.stats.hits;
    expect((await meOn(replica, token)).statusCode).toBe(200);
    if (replica.meCache.stats.hits > hits) return;
  }
  throw new Error('the view was never answered from the cache');
}

/** Counts the session look-ups replica `r` makes in Postgres. */
function sessionQueries(r: AuthRunning) {
  const live = jest.spyOn(r.store, 'isSessionLive');
  const sets = jest.spyOn(r.store, 'liveSessions');
  return {
    count: () => live.mock.calls.length + sets.mock.calls.length,
    restore: () => [live, sets].forEach((s) => s.mockRestore()),
  };
}

describe('auth /auth/me cache', () => {
  it('answers a repeated /auth/me without asking users or Postgres', async () => {
    const s = await h.userWithSession('student');
    await warm(h, s.access);
    const calls = h.users.viewCalls;
    const queries = sessionQueries(h);
    try {
      for (let i = 0; i < 5; i++) expect((await meOn(h, s.access)).json().id).toBe(s.user.id);
      expect(queries.count()).toBe(0);
    } finally {
      queries.restore();
    }
    expect(h.users.viewCalls).toBe(calls);
  });

  it('shows a credit change at once on every replica: billing.account_updated.v1 published before the change is answered', async () => {
    const s = await h.userWithSession('student');
    await warm(h, s.access);
    await warm(b, s.access);
    // billing's side: the new balance (users' view reflects it), then the event acknowledged by JetStream, then "done"
    h.users.set(s.user.id, { essay_credits: 7, max_essay_credits: 9 });
    const account: CreditAccount = {
      user_id: s.user.id,
      essay_credits: 7,
      max_essay_credits: 9,
      subscription_plan: 'free',
      subscription_status: 'active',
      version: 2,
    } as CreditAccount;
    await publishEvent(h.infra.bus, Events.billingAccountUpdated, account);
    for (const replica of [h, b]) {
      const view = (await meOn(replica, s.access)).json();
      expect([view.essay_credits, view.max_essay_credits]).toEqual([7, 9]);
    }
  });

  it("shows the user's school at once on every replica: schools.membership_changed.v1, then a deactivation, then leaving", async () => {
    const s = await h.userWithSession('teacher');
    await warm(h, s.access);
    await warm(b, s.access);
    expect((await meOn(h, s.access)).json().school).toBeNull();
    const schoolId = '01937c3e-0000-7000-8000-00000000a001';
    // the schools side: users' view reflects the membership, then the event is acknowledged by JetStream, then "done"
    const steps = [
      {
        school: { id: schoolId, name: 'Maple High School', role: 'school_admin', status: 'active' },
        event: { school_role: 'school_admin', status: 'active' },
      },
      {
        school: { id: schoolId, name: 'Maple High School', role: 'teacher', status: 'deactivated' },
        event: { school_role: 'teacher', status: 'deactivated' },
      },
    ] as const;
    for (const step of steps) {
      h.users.set(s.user.id, { school: step.school });
      await publishEvent(h.infra.bus, Events.schoolsMembershipChanged, { user_id: s.user.id, school_id: schoolId, ...step.event });
      for (const replica of [h, b]) expect((await meOn(replica, s.access)).json().school).toEqual(step.school);
      await warm(h, s.access);
      await warm(b, s.access);
    }
    h.users.set(s.user.id, { school: null });
    await publishEvent(h.infra.bus, Events.schoolsMembershipChanged, {
      user_id: s.user.id,
      school_id: null,
      school_role: null,
      status: null,
    });
    for (const replica of [h, b]) expect((await meOn(replica, s.access)).json().school).toBeNull();
  });

  it("shows a school's new name at once: schools.school_changed.v1 names no user, so every kept view is dropped", async () => {
    const s = await h.userWithSession('student');
    const schoolId = '01937c3e-0000-7000-8000-00000000a002';
    h.users.set(s.user.id, { school: { id: schoolId, name: 'Oak Academy', role: 'student', status: 'active' } });
    await h.users.change(s.user.id, {});
    await warm(b, s.access);
    expect((await meOn(b, s.access)).json().school.name).toBe('Oak Academy');
    h.users.set(s.user.id, { school: { id: schoolId, name: 'Oak International Academy', role: 'student', status: 'active' } });
    await publishEvent(h.infra.bus, Events.schoolsSchoolChanged, {
      school_id: schoolId,
      name: 'Oak International Academy',
      settings: DEFAULT_SCHOOL_SETTINGS,
    });
    expect((await meOn(b, s.access)).json().school.name).toBe('Oak International Academy');
  });

  it("shows a change of users' own fields at once (users.view_changed.v1), and a deletion (users.deleted.v1)", async () => {
    const s = await h.userWithSession('teacher');
    await warm(b, s.access);
    await h.users.change(s.user.id, { first_name: 'Renamed', chatbot_count: 3 });
    const view = (await meOn(b, s.access)).json();
    expect([view.first_name, view.chatbot_count]).toEqual(['Renamed', 3]);

    await warm(b, s.access);
    h.users.users.delete(s.user.id);
    await publishEvent(h.infra.bus, Events.usersDeleted, { user_id: s.user.id });
    const before = { ...b.meCache.stats };
    const res = await meOn(b, s.access);
    // The same event makes auth's users consumer end the account's sessions, racing this request:
    // 404 when the view is asked first, 401 when the session is gone first. Either way the kept view
    // must not be used — checked on the cache itself once the request's look-up has finished (it may
    // still be waiting for the feed after a 401 went out).
    expect([401, 404]).toContain(res.statusCode);
    while (b.meCache.stats.hits + b.meCache.stats.loads === before.hits + before.loads) await b.meCache.sync();
    expect(b.meCache.stats.hits).toBe(before.hits);
  });

  it('logout on replica A answers 401 on replica B at the next request', async () => {
    const s = await h.userWithSession('student');
    await warm(b, s.access);
    const out = await h.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(s.access) });
    expect(out.statusCode).toBe(200);
    expect((await meOn(b, s.access)).statusCode).toBe(401);
    expect((await meOn(h, s.access)).statusCode).toBe(401);
  });

  it('a sign-in after the user was kept is accepted on that replica; logging it out ends it alone, at once', async () => {
    const s = await h.userWithSession('student');
    await warm(b, s.access);
    const second = await h.sessions.issue(s.user);
    const queries = sessionQueries(b);
    try {
      expect((await meOn(b, second.access_token)).json().id).toBe(s.user.id);
      expect(queries.count()).toBeGreaterThan(0); // not in the kept set: Postgres decided
    } finally {
      queries.restore();
    }
    await warm(b, second.access_token); // reloaded with both sessions
    await warm(b, s.access);
    expect((await h.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(second.access_token) })).statusCode).toBe(200);
    expect((await meOn(b, second.access_token)).statusCode).toBe(401);
    expect((await meOn(b, s.access)).statusCode).toBe(200);
  });

  it('a password change on replica A ends the other sessions on replica B at once, and keeps its own', async () => {
    const s = await h.userWithSession('teacher');
    const other = await h.sessions.issue(s.user);
    await warm(b, s.access);
    await warm(b, other.access_token);
    const res = await h.app.inject({
      method: 'PUT',
      url: '/users/update-password',
      headers: bearer(s.access),
      payload: { current_password: s.password, new_password: 'a-new-password-2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await meOn(b, other.access_token)).statusCode).toBe(401);
    expect((await meOn(b, s.access)).statusCode).toBe(200);
  });

  it('a reused refresh token ends its session on every replica at once', async () => {
    const s = await h.userWithSession('student');
    await warm(b, s.access);
    const first = await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: s.refresh } });
    expect(first.statusCode).toBe(200);
    const rotated = first.json().access_token as string;
    await warm(b, rotated);
    // the grace window for two tabs has passed: a later use of the old token is reuse
    await h.infra.db.pool.query(
      `UPDATE refresh_tokens SET rotated_at = now() - interval '1 hour'
       WHERE rotated_at IS NOT NULL AND family_id IN (SELECT id FROM session_families WHERE user_id = $1)`,
      [s.user.id],
    );
    expect((await h.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: s.refresh } })).statusCode).toBe(401);
    expect((await meOn(b, rotated)).statusCode).toBe(401);
    expect((await meOn(b, s.access)).statusCode).toBe(401);
  });

  it('a change published while a replica is reconnecting to NATS shows on its next request', async () => {
    const s = await h.userWithSession('student');
    await warm(b, s.access);
    const back = new Promise<void>((resolve) => {
      void (async () => {
        for await (const st of b.infra.bus.nc.status()) if (st.type === 'reconnect') return resolve();
      })();
    });
    await b.infra.bus.nc.reconnect();
    await h.users.change(s.user.id, { last_name: 'WhileAway' });
    await back;
    expect((await meOn(b, s.access)).json().last_name).toBe('WhileAway');
    await warm(b, s.access);
    await h.users.change(s.user.id, { last_name: 'Again' });
    expect((await meOn(b, s.access)).json().last_name).toBe('Again');
  });

  it('a view loaded while an event for that user arrives is not kept', async () => {
    const s = await h.userWithSession('student');
    // load the view, and before its answer arrives publish a change for that user
    let release!: () => void;
    let loaded!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const viewRead = new Promise<void>((r) => (loaded = r));
    const loading = b.meCache.get(s.user.id, async () => {
      const view = await b.accounts.viewOrNotFound(s.user.id, () => new Error('gone'));
      const liveSessions = await b.sessions.liveSessions(s.user.id);
      loaded();
      await gate;
      return { view, liveSessions }; // the view as it was before the change
    });
    await viewRead;
    await h.users.change(s.user.id, { first_name: 'During' });
    expect(await b.meCache.sync()).toBe(true); // replica B has handled the event
    release();
    expect((await loading).view.first_name).not.toBe('During');
    expect((await meOn(b, s.access)).json().first_name).toBe('During');
  });

  // Last: replica B's feed stays stopped.
  it('when the event feed stops delivering, it asks users and Postgres on every request instead of answering from kept values', async () => {
    const s = await h.userWithSession('student');
    await warm(b, s.access);
    // the consumers stop: events published from now on never reach replica B
    (b.meCache as unknown as { feed: { feeds: Array<{ stop(): void }> } }).feed.feeds.forEach((f) => f.stop());
    await h.users.change(s.user.id, { first_name: 'Unheard' });
    expect((await meOn(b, s.access)).json().first_name).toBe('Unheard');
    expect(b.meCache.current).toBe(false);
    // not current: every request asks users, even for a change no event announced
    h.users.set(s.user.id, { first_name: 'Silent' });
    const calls = h.users.viewCalls;
    expect((await meOn(b, s.access)).json().first_name).toBe('Silent');
    expect(h.users.viewCalls).toBe(calls + 1);
    expect(b.meCache.stats.fallbacks).toBeGreaterThan(0);
  });
});
