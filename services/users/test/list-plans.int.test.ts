import { newId } from '@corestone/service-kit';
import { listStatements, type AccountListQuery } from '../src/store/accounts';
import { startUsers, type Harness } from './helpers';

/**
 * Issue 34: the admin users list's plans at 0 and at a few thousand accounts, before any ANALYZE
 * (autovacuum is off on our machines, so a new schema has no statistics) and after one. The pages
 * must come from an index — newest first, after a cursor, by role — never from reading and sorting
 * every account; a search from the trigram index where the server has pg_trgm.
 */
let h: Harness;
beforeAll(async () => {
  h = await startUsers('uplans');
});
afterAll(() => h.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every scan of `accounts` in a plan, as "<node type> <index name>". */
function accountScans(node: PlanNode, into: string[] = []): string[] {
  if (node['Relation Name'] === 'accounts' || node['Index Name']?.startsWith('accounts_')) {
    into.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
  }
  for (const child of node.Plans ?? []) accountScans(child, into);
  return into;
}

async function plan(statement: { text: string; values: unknown[] }): Promise<PlanNode> {
  const { rows } = await h.db.pool.query({ text: `EXPLAIN (FORMAT JSON) ${statement.text}`, values: statement.values });
  return rows[0]['QUERY PLAN'][0].Plan;
}

/** `n` accounts written at once (no statistics follow), a tenth teachers, a few Okafors. */
async function addAccounts(from: number, n: number): Promise<void> {
  await h.db.pool.query(
    `INSERT INTO accounts (id, email, role, first_name, last_name, created_at)
     SELECT gen_random_uuid(), 'plan' || i || '-' || $3 || '@example.test', CASE WHEN i % 10 = 0 THEN 'teacher' ELSE 'student' END,
       'First' || i, CASE WHEN i % 500 = 0 THEN 'Okafor' ELSE 'Last' || i END, now() - i * interval '1 minute'
     FROM generate_series($1::int, $2::int) i`,
    [from, from + n - 1, newId().slice(-6)],
  );
}

const hasTrgm = async () =>
  (await h.db.pool.query(`SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'accounts_search'`)).rowCount === 1;

const base: AccountListQuery = { limit: 50, offset: 0 };

describe('the admin users list reads its pages from indexes', () => {
  it('at 0 accounts the statements plan and answer (an empty page, no cursor)', async () => {
    const { count, page } = listStatements(base);
    expect((await h.db.pool.query(count)).rows[0].n).toBe('0');
    expect((await h.db.pool.query(page)).rows).toEqual([]);
  });

  it('at a few thousand accounts without statistics, and after ANALYZE, no page reads every account', async () => {
    await addAccounts(1, 3000);
    const { rows } = await h.db.pool.query(listStatements({ ...base, limit: 1000 }).page);
    const cursor = (await h.ctx.store.list({ ...base, limit: 1000 })).next_cursor!;
    expect(cursor).toEqual(expect.any(String));
    expect(rows).toHaveLength(1001);
    for (const analyzed of [false, true]) {
      if (analyzed) await h.db.pool.query('ANALYZE accounts');
      // the page's keys from the index alone, then each key's row by the primary key
      const first = accountScans(await plan(listStatements(base).page));
      console.log(
        JSON.stringify(first),
        JSON.stringify(accountScans(await plan(listStatements({ ...base, cursor }).page))),
        JSON.stringify(accountScans(await plan(listStatements({ ...base, role: 'teacher', cursor }).page))),
      );
      expect(first).toEqual(['Index Only Scan accounts_created', 'Index Scan accounts_pkey']);
      const deep = accountScans(await plan(listStatements({ ...base, cursor }).page));
      expect(deep).toEqual(['Index Only Scan accounts_created', 'Index Scan accounts_pkey']);
      const teachers = accountScans(await plan(listStatements({ ...base, role: 'teacher', cursor }).page));
      // an index scan, or a bitmap of the role's rows after the cursor while they are few
      expect(teachers).toContainEqual(expect.stringMatching(/Index (Only )?Scan accounts_role_created$/));
      expect(teachers).not.toContain('Seq Scan');
    }
  });

  it('at 20,000 accounts a search reads the trigram index, with or without statistics (where pg_trgm is installed)', async () => {
    if (!(await hasTrgm())) return; // no pg_trgm on this server: the search scans (migration 005)
    await addAccounts(3001, 17_000);
    for (const analyzed of [false, true]) {
      if (analyzed) await h.db.pool.query('ANALYZE accounts');
      // the matches from the index, then sorted; each page row fetched by its key
      for (const search of ['Okafor', 'plan1234-']) {
        const { count, page } = listStatements({ ...base, search });
        expect(accountScans(await plan(count))).toEqual(['Bitmap Heap Scan', 'Bitmap Index Scan accounts_search']);
        expect(accountScans(await plan(page))).toEqual([
          'Bitmap Heap Scan',
          'Bitmap Index Scan accounts_search',
          'Index Scan accounts_pkey', // the matches' times, to sort them
          'Index Scan accounts_pkey', // the page's rows
        ]);
      }
    }
    const found = await h.ctx.store.list({ ...base, search: 'okafor' });
    expect(found.total).toBe(40); // one in 500 of 20,000
    expect(found.items.every((i) => i.account.last_name === 'Okafor')).toBe(true);
  });

  it('pages by cursor through every account once, newest first, and by offset as before', async () => {
    await addAccounts(10_001, 250);
    const all = await h.ctx.store.list({ ...base, limit: 1000 });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await h.ctx.store.list({ ...base, limit: 97, cursor });
      seen.push(...page.items.map((i) => i.account.id));
      expect(page.total).toBe(all.total);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(all.total);
    expect(new Set(seen).size).toBe(all.total);
    const byOffset = await h.ctx.store.list({ ...base, limit: 10, offset: 97 });
    expect(byOffset.items.map((i) => i.account.id)).toEqual(seen.slice(97, 107));
    // through the route: next_cursor answered, a cursor of no list of ours refused
    const admin = await h.user('admin');
    const first = await h.app.inject({ url: '/users/users?limit=5', headers: admin.headers });
    const next = first.json<{ next_cursor: string; users: Array<{ id: string }> }>();
    const second = await h.app.inject({ url: `/users/users?limit=5&cursor=${next.next_cursor}`, headers: admin.headers });
    expect(second.json<{ users: Array<{ id: string }> }>().users[0].id).not.toBe(next.users[0].id);
    const bad = await h.app.inject({ url: '/users/users?cursor=bm90LWEtY3Vyc29y', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: expect.any(String), detail: expect.stringContaining('cursor') });
  });
});

describe('the total without a search is the kept count per role', () => {
  const counted = async (role?: string) =>
    Number((await h.db.pool.query(`SELECT count(*) AS n FROM accounts ${role ? 'WHERE role = $1' : ''}`, role ? [role] : [])).rows[0].n);

  it('stays exact through inserts, role changes, other changes and deletions, and is read instead of counting', async () => {
    await addAccounts(50_001, 120);
    const someone = (await h.db.pool.query<{ id: string }>(`SELECT id FROM accounts WHERE role = 'student' LIMIT 3`)).rows.map((r) => r.id);
    await h.db.pool.query(`UPDATE accounts SET role = 'teacher' WHERE id = ANY($1)`, [someone.slice(0, 2)]);
    await h.db.pool.query(`UPDATE accounts SET first_name = 'Renamed' WHERE id = ANY($1)`, [someone]);
    await h.db.pool.query(`DELETE FROM accounts WHERE id = $1`, [someone[2]]);
    for (const role of [undefined, 'student', 'teacher', 'admin'] as const) {
      expect((await h.ctx.store.list({ ...base, role })).total).toBe(await counted(role));
    }
    expect(listStatements(base).count.text).toContain('account_counts');
    expect(listStatements({ ...base, search: 'x' }).count.text).not.toContain('account_counts');
  });
});
