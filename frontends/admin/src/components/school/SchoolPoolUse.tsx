import { Card, Col, Row, Table, Typography } from 'antd';
import type { CorestoneClient, SchoolCredits } from '@corestone/sdk';
import { useLoad } from '../common';
import { FormattedMessage, useIntl } from 'react-intl';

/** Students shown in the pool's use per student (most used first). */
const TOP_STUDENTS = 10;

/**
 * The pool's use per class (submissions into a class's assignments; its cap when it has one) and
 * per member (the most used), from billing's GET /schools/{id}/credits. Names come from the
 * school's class and member lists; a class or member not in them shows "(not listed)".
 */
export function SchoolPoolUse({ client, schoolId, credits }: { client: CorestoneClient; schoolId: string; credits: SchoolCredits }) {
  const intl = useIntl();
  const notListed = intl.formatMessage({ id: 'school.notListed', defaultMessage: '(not listed)' });
  const classes = useLoad(() => client.schools.classes(schoolId), [client, schoolId]);
  const members = useLoad(() => client.schools.members(schoolId, { limit: 500 }), [client, schoolId]);
  const className = new Map((classes.data?.classes ?? []).map((c) => [c.id, c.name]));
  const memberName = new Map((members.data?.members ?? []).map((m) => [m.user_id, m.name]));
  const byClass = credits.usage_by_class.map((c) => ({ ...c, name: className.get(c.class_id) ?? notListed }));
  const byStudent = credits.usage_by_student.slice(0, TOP_STUDENTS).map((u) => ({ ...u, name: memberName.get(u.user_id) ?? notListed }));
  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
      <Col xs={24} md={12}>
        <Card
          variant="borderless"
          title={<FormattedMessage id="school.poolUsePerClass" defaultMessage="Pool use per class" />}
          data-testid="school-pool-by-class"
          styles={{ body: { padding: 12 } }}
        >
          <Table
            size="small"
            rowKey="class_id"
            pagination={false}
            loading={classes.loading && !classes.data}
            dataSource={byClass}
            locale={{
              emptyText: (
                <FormattedMessage id="school.noClassPoolUse" defaultMessage="No essays of a class assignment charged to the pool yet" />
              ),
            }}
            columns={[
              { title: <FormattedMessage id="school.class" defaultMessage="Class" />, dataIndex: 'name' },
              { title: <FormattedMessage id="school.used" defaultMessage="Used" />, dataIndex: 'used', align: 'right' },
              {
                title: <FormattedMessage id="school.refunded" defaultMessage="Refunded" />,
                dataIndex: 'refunded',
                align: 'right',
                responsive: ['sm'],
              },
              {
                title: <FormattedMessage id="school.cap" defaultMessage="Cap" />,
                dataIndex: 'cap',
                align: 'right',
                render: (cap: number | null, r) =>
                  cap === null ? (
                    <Typography.Text type="secondary">
                      <FormattedMessage id="school.none" defaultMessage="none" />
                    </Typography.Text>
                  ) : (
                    <Typography.Text type={r.used >= cap ? 'danger' : undefined}>{cap}</Typography.Text>
                  ),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card
          variant="borderless"
          title={<FormattedMessage id="school.poolUsePerMember" defaultMessage="Pool use per member" />}
          data-testid="school-pool-by-student"
          styles={{ body: { padding: 12 } }}
        >
          <Table
            size="small"
            rowKey="user_id"
            pagination={false}
            loading={members.loading && !members.data}
            dataSource={byStudent}
            locale={{ emptyText: <FormattedMessage id="school.noPoolUse" defaultMessage="Nobody has used the pool yet" /> }}
            columns={[
              { title: <FormattedMessage id="school.member" defaultMessage="Member" />, dataIndex: 'name' },
              { title: <FormattedMessage id="school.used" defaultMessage="Used" />, dataIndex: 'used', align: 'right' },
            ]}
          />
          {credits.usage_by_student.length > TOP_STUDENTS && (
            <Typography.Text type="secondary">
              <FormattedMessage
                id="school.topMembers"
                defaultMessage="The {top} who used most of {count} members."
                values={{ top: TOP_STUDENTS, count: credits.usage_by_student.length }}
              />
            </Typography.Text>
          )}
        </Card>
      </Col>
    </Row>
  );
}
