import { newId } from '@corestone/service-kit';
import { memberListStatements, type MemberFilter } from '../src/store/schools';
import { startSchools, type Harness } from './harness';

/**
 * Issue 34: a school's members list at 0 and a few thousand members (a 2,000-student school), before
 * any ANALYZE (autovacuum is off on our machines) and after one: the page comes from
 * memberships_school_name, in name order once there are statistics (the platform analyses after
 * its migrations and the seed after loading), never from reading the members of every school.
 */
let h: Harness;
beforeAll(async () => {
  h = await startSchools('mplans');
});
afterAll(() => h.close());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode, into: string[] = []): string[] => {
  into.push(`${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : n['Relation Name'] ? ` ${n['Relation Name']}` : ''}`);
  for (const c of n.Plans ?? []) nodes(c, into);
  return into;
};
const db = () => h.service.infra.db.pool;
async function plan(statement: { text: string; values: unknown[] }): Promise<string[]> {
  const { rows } = await db().query({ text: `EXPLAIN (FORMAT JSON) ${statement.text}`, values: statement.values });
  return nodes(rows[0]['QUERY PLAN'][0].Plan);
}

const page: MemberFilter = { limit: 100, offset: 0 };

it('a page of members by name reads the name index at 0 and 3,000 members, with or without statistics', async () => {
  const schoolId = newId();
  const other = newId();
  for (const id of [schoolId, other]) {
    await db().query(`INSERT INTO schools (id, name, time_zone, settings) VALUES ($1, $2, 'UTC', '{}')`, [id, `Plans ${id}`]);
  }
  const members = (school: string, n: number) =>
    db().query(
      `INSERT INTO memberships (user_id, school_id, email, name, school_role, status, joined_by)
       SELECT gen_random_uuid(), $1::uuid, 'm' || i || '-' || $1::text || '@example.test', 'Member ' || i,
         CASE WHEN i % 100 = 0 THEN 'teacher' ELSE 'student' END, 'active', 'roster'
       FROM generate_series(1, $2::int) i`,
      [school, n],
    );
  expect((await db().query(memberListStatements(schoolId, page).page)).rows).toEqual([]);
  await members(schoolId, 3000);
  await members(other, 3000);
  for (const analyzed of [false, true]) {
    if (analyzed) await db().query('ANALYZE memberships');
    for (const f of [page, { ...page, role: 'student' as const, offset: 1700 }]) {
      const scans = await plan(memberListStatements(schoolId, f).page);
      // only this school's members, through one of its indexes, never every school's
      expect(scans).toContainEqual(expect.stringMatching(/Index Scan memberships_school(_name)?$/));
      expect(scans.filter((s) => s.startsWith('Seq Scan'))).toEqual([]);
      // with statistics the first page comes in name order from the name index, without sorting
      // the school's members (without them the planner may take a bitmap and sort: bounded by the school)
      if (analyzed && f.offset === 0) expect(scans).toEqual(['Limit', 'Index Scan memberships_school_name']);
    }
  }
  const first = await db().query<{ name: string }>(memberListStatements(schoolId, { ...page, limit: 3 }).page);
  expect(first.rows.map((r) => r.name)).toEqual(['Member 1', 'Member 10', 'Member 100']);
});
