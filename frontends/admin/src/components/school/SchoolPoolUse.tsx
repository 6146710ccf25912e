import { Card, Col, Row, Table, Typography } from 'antd';
import type { CorestoneClient, SchoolCredits } from '@corestone/sdk';
import { useLoad } from '../common';

/** Students shown in the pool's use per student (most used first). */
const TOP_STUDENTS = 10;

/**
 * The pool's use per class (submissions into a class's assignments; its cap when it has one) and
 * per member (the most used), from billing's GET /schools/{id}/credits. Names come from the
 * school's class and member lists; a class or member not in them shows "(not listed)".
 */
export function SchoolPoolUse({ client, schoolId, credits }: { client: CorestoneClient; schoolId: string; credits: SchoolCredits }) {
  const classes = useLoad(() => client.schools.classes(schoolId), [client, schoolId]);
  const members = useLoad(() => client.schools.members(schoolId, { limit: 500 }), [client, schoolId]);
  const className = new Map((classes.data?.classes ?? []).map((c) => [c.id, c.name]));
  const memberName = new Map((members.data?.members ?? []).map((m) => [m.user_id, m.name]));
  const byClass = credits.usage_by_class.map((c) => ({ ...c, name: className.get(c.class_id) ?? '(not listed)' }));
  const byStudent = credits.usage_by_student
    .slice(0, TOP_STUDENTS)
    .map((u) => ({ ...u, name: memberName.get(u.user_id) ?? '(not listed)' }));
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} md={12}>
        <Card variant="borderless" title="Pool use per class" data-testid="school-pool-by-class" styles={{ body: { padding: 12 } }}>
          <Table
            size="small"
            rowKey="class_id"
            pagination={false}
            loading={classes.loading && !classes.data}
            dataSource={byClass}
            locale={{ emptyText: 'No essays of a class assignment charged to the pool yet' }}
            columns={[
              { title: 'Class', dataIndex: 'name' },
              { title: 'Used', dataIndex: 'used', align: 'right' },
              { title: 'Refunded', dataIndex: 'refunded', align: 'right', responsive: ['sm'] },
              {
                title: 'Cap',
                dataIndex: 'cap',
                align: 'right',
                render: (cap: number | null, r) =>
                  cap === null ? (
                    <Typography.Text type="secondary">none</Typography.Text>
                  ) : (
                    <Typography.Text type={r.used >= cap ? 'danger' : undefined}>{cap}</Typography.Text>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card variant="borderless" title="Pool use per member" data-testid="school-pool-by-student" styles={{ body: { padding: 12 } }}>
          <Table
            size="small"
            rowKey="user_id"
            pagination={false}
            loading={members.loading && !members.data}
            dataSource={byStudent}
            locale={{ emptyText: 'Nobody has used the pool yet' }}
            columns={[
              { title: 'Member', dataIndex: 'name' },
              { title: 'Used', dataIndex: 'used', align: 'right' },
            ]}
          />
          {credits.usage_by_student.length > TOP_STUDENTS && (
            <Typography.Text type="secondary">
              The {TOP_STUDENTS} who used most of {credits.usage_by_student.length} members.
            </Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
