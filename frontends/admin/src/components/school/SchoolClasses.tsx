import { useState, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Segmented,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { errorMessage, type ClassMember, type CorestoneClient, type School, type SchoolClass, type SessionUser } from '@corestone/sdk';
import { LoadError, Loading, useLoad } from '../common';
import { useBusy } from '../../hooks/useBusy';
import { joinCodeText, SCHOOL_ROLE_LABELS } from '../../lib/schools';
import { formatDate } from '../../lib/text';
import { FormModal } from './FormModal';
import { FormattedMessage, useIntl } from 'react-intl';

interface Ctx {
  client: CorestoneClient;
  user: SessionUser;
  school: School;
  schoolId: string;
}

type Shown = 'current' | 'archived';

/** Classes: create, assign teachers and enrol students, the join code (a new one on demand), archive and restore. */
export function SchoolClasses({ client, schoolId }: Ctx) {
  const { message } = App.useApp();
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const [shown, setShown] = useState<Shown>('current');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<SchoolClass | null>(null);
  const list = useLoad(() => client.schools.classes(schoolId, { archived: shown === 'archived' }), [client, schoolId, shown]);
  const { busy, run } = useBusy();

  const update = (c: SchoolClass, key: string, change: { archived?: boolean; new_join_code?: boolean }, done: string) =>
    run(
      `${c.id}:${key}`,
      async () => {
        await client.schools.updateClass(c.id, change);
        message.success(done);
        list.reload();
      },
      intl.formatMessage({ id: 'schoolClasses.updateFailed', defaultMessage: 'Failed to update the class' }),
    );

  const classes = list.data?.classes ?? [];
  return (
    <Card variant="borderless" data-testid="school-classes" styles={{ body: { padding: screens.sm ? 24 : 12 } }}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Segmented
          aria-label={intl.formatMessage({ id: 'schoolClasses.show', defaultMessage: 'Show classes' })}
          value={shown}
          onChange={(v) => setShown(v as Shown)}
          options={[
            { value: 'current', label: <FormattedMessage id="schoolClasses.current" defaultMessage="Current" /> },
            { value: 'archived', label: <FormattedMessage id="schoolClasses.archived" defaultMessage="Archived" /> },
          ]}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          <FormattedMessage id="schoolClasses.newClass" defaultMessage="New class" />
        </Button>
      </Space>
      {list.error ? (
        <LoadError message={list.error} onRetry={list.reload} />
      ) : list.loading && !list.data ? (
        <Loading />
      ) : classes.length === 0 ? (
        <Empty
          description={
            shown === 'archived' ? (
              <FormattedMessage id="schoolClasses.noArchived" defaultMessage="No archived classes" />
            ) : (
              <FormattedMessage id="schoolClasses.noneCreated" defaultMessage="No classes yet: create one, or import a roster." />
            )
          }
          data-testid="classes-empty"
        />
      ) : (
        <Row gutter={[16, 16]} role="list" aria-label={intl.formatMessage({ id: 'schoolClasses.classes', defaultMessage: 'Classes' })}>
          {classes.map((c) => (
            <Col xs={24} md={12} xl={8} key={c.id} role="listitem">
              <Card size="small" data-testid="school-class" title={c.name} style={{ height: '100%' }}>
                <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                  <Typography.Text type="secondary">
                    {[c.subject, c.session].filter(Boolean).join(' · ') ||
                      intl.formatMessage({ id: 'classes.noSubjectOrSession', defaultMessage: 'No subject or session' })}
                  </Typography.Text>
                  <div>
                    <FormattedMessage id="schoolClasses.joinCode" defaultMessage="Join code:" />{' '}
                    <Typography.Text strong copyable={c.join_code ? { text: c.join_code } : false} data-testid="class-join-code">
                      {joinCodeText(c.join_code)}
                    </Typography.Text>
                  </div>
                  <div>
                    <FormattedMessage id="schoolClasses.teachers" defaultMessage="Teachers:" />{' '}
                    {c.teachers.length ? (
                      c.teachers.map((t) => <Tag key={t.user_id}>{t.name}</Tag>)
                    ) : (
                      <Typography.Text type="secondary">
                        <FormattedMessage id="schoolClasses.noneYet" defaultMessage="none yet" />
                      </Typography.Text>
                    )}
                  </div>
                  <div>
                    <FormattedMessage
                      id="classes.studentCount"
                      defaultMessage="{count, plural, one {# student} other {# students}}"
                      values={{ count: c.student_count }}
                    />
                    {c.archived_at && (
                      <Typography.Text type="secondary">
                        {' · '}
                        <FormattedMessage
                          id="schoolClasses.archivedOn"
                          defaultMessage="archived {date}"
                          values={{ date: formatDate(c.archived_at) }}
                        />
                      </Typography.Text>
                    )}
                  </div>
                  <Space wrap size={4}>
                    <Button size="small" type="primary" onClick={() => setOpen(c)}>
                      <FormattedMessage id="schoolClasses.people" defaultMessage="People" />
                    </Button>
                    {!c.archived_at && (
                      <Button
                        size="small"
                        loading={busy === `${c.id}:code`}
                        onClick={() =>
                          void update(
                            c,
                            'code',
                            { new_join_code: true },
                            intl.formatMessage({
                              id: 'schoolClasses.newCodeMade',
                              defaultMessage: 'New join code made: the old one no longer works',
                            }),
                          )
                        }
                      >
                        <FormattedMessage id="schoolClasses.newCode" defaultMessage="New code" />
                      </Button>
                    )}
                    <Button
                      size="small"
                      danger={!c.archived_at}
                      loading={busy === `${c.id}:archive`}
                      onClick={() =>
                        void update(
                          c,
                          'archive',
                          { archived: !c.archived_at },
                          c.archived_at
                            ? intl.formatMessage({ id: 'schoolClasses.restored', defaultMessage: 'Class restored' })
                            : intl.formatMessage({
                                id: 'schoolClasses.archivedDone',
                                defaultMessage: 'Class archived: its students and their work stay',
                              }),
                        )
                      }
                    >
                      {c.archived_at ? (
                        <FormattedMessage id="schoolClasses.restore" defaultMessage="Restore" />
                      ) : (
                        <FormattedMessage id="schoolClasses.archive" defaultMessage="Archive" />
                      )}
                    </Button>
                  </Space>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {creating && (
        <CreateClassModal
          client={client}
          schoolId={schoolId}
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            message.success(intl.formatMessage({ id: 'schoolClasses.created', defaultMessage: 'Class {name} created' }, { name: c.name }));
            if (shown !== 'current') setShown('current');
            else list.reload();
          }}
        />
      )}
      {open && (
        <ClassPeople
          client={client}
          schoolId={schoolId}
          klass={open}
          onClose={() => {
            setOpen(null);
            list.reload();
          }}
        />
      )}
    </Card>
  );
}

function CreateClassModal({
  client,
  schoolId,
  onClose,
  onCreated,
}: {
  client: CorestoneClient;
  schoolId: string;
  onClose: () => void;
  onCreated: (c: SchoolClass) => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<{ name: string; subject?: string; session?: string }>();
  return (
    <FormModal
      form={form}
      title={<FormattedMessage id="schoolClasses.newClass" defaultMessage="New class" />}
      okText={<FormattedMessage id="schoolClasses.createClass" defaultMessage="Create class" />}
      failure={intl.formatMessage({ id: 'schoolClasses.createFailed', defaultMessage: 'Failed to create the class' })}
      onSubmit={async (v) => {
        const subject = v.subject?.trim();
        const session = v.session?.trim();
        onCreated(
          await client.schools.createClass(schoolId, {
            name: v.name.trim(),
            ...(subject ? { subject } : {}),
            ...(session ? { session } : {}),
          }),
        );
      }}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={<FormattedMessage id="schoolClasses.name" defaultMessage="Name" />}
        rules={[
          {
            required: true,
            whitespace: true,
            message: intl.formatMessage({ id: 'schoolClasses.nameRequired', defaultMessage: 'Please enter the class name' }),
          },
        ]}
      >
        <Input
          maxLength={200}
          placeholder={intl.formatMessage({ id: 'schoolClasses.nameExample', defaultMessage: 'e.g. History HL 2027' })}
        />
      </Form.Item>
      <Form.Item name="subject" label={<FormattedMessage id="schoolClasses.subject" defaultMessage="Subject" />}>
        <Input maxLength={120} placeholder={intl.formatMessage({ id: 'schoolClasses.subjectExample', defaultMessage: 'e.g. History' })} />
      </Form.Item>
      <Form.Item name="session" label={<FormattedMessage id="schoolClasses.examSession" defaultMessage="Exam session" />}>
        <Input maxLength={60} placeholder={intl.formatMessage({ id: 'schoolClasses.sessionExample', defaultMessage: 'e.g. May 2027' })} />
      </Form.Item>
    </FormModal>
  );
}

/** A titled multiple choice of the school's people with its button ("Teachers to assign" + Assign). */
function PeoplePicker({
  label,
  ariaLabel,
  placeholder,
  action,
  options,
  value,
  onChange,
  loading,
  busy,
  onAdd,
}: {
  label: ReactNode;
  /** the field's name, e.g. "Teachers to assign" */
  ariaLabel: string;
  placeholder: string;
  action: ReactNode;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (ids: string[]) => void;
  loading: boolean;
  busy: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      <Typography.Text strong>{label}</Typography.Text>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          aria-label={ariaLabel}
          style={{ width: '100%' }}
          placeholder={placeholder}
          value={value}
          onChange={onChange}
          options={options}
          optionFilterProp="label"
          loading={loading}
        />
        <Button disabled={!value.length} loading={busy} onClick={onAdd}>
          {action}
        </Button>
      </Space.Compact>
    </>
  );
}

/** A class's teachers and students: add teachers, enrol students (active members of the school), take someone out. */
function ClassPeople({
  client,
  schoolId,
  klass,
  onClose,
}: {
  client: CorestoneClient;
  schoolId: string;
  klass: SchoolClass;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const intl = useIntl();
  const screens = Grid.useBreakpoint();
  const people = useLoad(() => client.schools.classMembers(klass.id), [client, klass.id]);
  const school = useLoad(() => client.schools.members(schoolId, { status: 'active', limit: 500 }), [client, schoolId]);
  const [teachers, setTeachers] = useState<string[]>([]);
  const [students, setStudents] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBusy();

  const inClass = new Set((people.data?.members ?? []).map((m) => m.user_id));
  const candidates = (school.data?.members ?? []).filter((m) => !inClass.has(m.user_id));
  const teacherOptions = candidates
    .filter((m) => m.school_role !== 'student')
    .map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }));
  const studentOptions = candidates
    .filter((m) => m.school_role === 'student')
    .map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }));

  const add = (role: 'teacher' | 'student', ids: string[]) =>
    run(
      `add:${role}`,
      async () => {
        setError(null);
        let added = 0;
        try {
          for (const id of ids) {
            await client.schools.addClassMember(klass.id, id, role);
            added += 1;
          }
        } catch (e) {
          setError(errorMessage(e, intl.formatMessage({ id: 'schoolClasses.addFailed', defaultMessage: 'Failed to add to the class' })));
        }
        if (added)
          message.success(
            role === 'teacher'
              ? intl.formatMessage(
                  { id: 'schoolClasses.teachersAssigned', defaultMessage: '{count} teacher(s) assigned' },
                  { count: added },
                )
              : intl.formatMessage(
                  { id: 'schoolClasses.studentsEnrolled', defaultMessage: '{count} student(s) enrolled' },
                  { count: added },
                ),
          );
        if (role === 'teacher') setTeachers([]);
        else setStudents([]);
        people.reload();
      },
      intl.formatMessage({ id: 'schoolClasses.addFailed', defaultMessage: 'Failed to add to the class' }),
    );
  const remove = (m: ClassMember) =>
    run(
      `rm:${m.user_id}`,
      async () => {
        await client.schools.removeClassMember(klass.id, m.user_id);
        message.success(
          intl.formatMessage({ id: 'schoolClasses.removed', defaultMessage: '{name} taken out of the class' }, { name: m.name }),
        );
        people.reload();
      },
      intl.formatMessage({ id: 'schoolClasses.removeFailed', defaultMessage: 'Failed to remove from the class' }),
    );

  const members = people.data?.members ?? [];
  const archived = !!klass.archived_at;
  return (
    <Drawer open onClose={onClose} title={klass.name} size={screens.md ? 560 : '100%'} data-testid="class-people">
      <PoolCap client={client} klass={klass} />
      {archived && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <FormattedMessage
              id="schoolClasses.thisClassIsArchivedRestore"
              defaultMessage="This class is archived: restore it to add people."
            />
          }
        />
      )}
      {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="class-people-error" />}
      {!archived && (
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
          {[
            {
              role: 'teacher' as const,
              label: <FormattedMessage id="schoolClasses.assignTeachers" defaultMessage="Assign teachers" />,
              ariaLabel: intl.formatMessage({ id: 'schoolClasses.teachersToAssign', defaultMessage: 'Teachers to assign' }),
              placeholder: intl.formatMessage({ id: 'schoolClasses.teachersPlaceholder', defaultMessage: 'Teachers and school admins' }),
              action: <FormattedMessage id="schoolClasses.assign" defaultMessage="Assign" />,
              options: teacherOptions,
              value: teachers,
              onChange: setTeachers,
            },
            {
              role: 'student' as const,
              label: <FormattedMessage id="schoolClasses.enrolStudents" defaultMessage="Enrol students" />,
              ariaLabel: intl.formatMessage({ id: 'schoolClasses.studentsToEnrol', defaultMessage: 'Students to enrol' }),
              placeholder: intl.formatMessage({ id: 'schoolClasses.studentsPlaceholder', defaultMessage: 'Active students of the school' }),
              action: <FormattedMessage id="schoolClasses.enrol" defaultMessage="Enrol" />,
              options: studentOptions,
              value: students,
              onChange: setStudents,
            },
          ].map(({ role, ...picker }) => (
            <PeoplePicker
              key={role}
              {...picker}
              loading={school.loading}
              busy={busy === `add:${role}`}
              onAdd={() => void add(role, picker.value)}
            />
          ))}
          {school.error && <Typography.Text type="danger">{school.error}</Typography.Text>}
        </Space>
      )}
      {people.error ? (
        <LoadError message={people.error} onRetry={people.reload} />
      ) : people.loading && !people.data ? (
        <Loading />
      ) : members.length === 0 ? (
        <Empty description={<FormattedMessage id="schoolClasses.nobodyInThisClassYet" defaultMessage="Nobody in this class yet" />} />
      ) : (
        <div role="list" aria-label={intl.formatMessage({ id: 'schoolClasses.members', defaultMessage: 'Class members' })}>
          {members.map((m) => (
            <div
              key={m.user_id}
              role="listitem"
              style={{ display: 'flex', gap: 8, alignItems: 'center', padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,.06)' }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{m.name}</div>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {m.email}
                </Typography.Text>
              </div>
              <Tag color={m.role === 'teacher' ? 'blue' : 'green'}>{intl.formatMessage(SCHOOL_ROLE_LABELS[m.role])}</Tag>
              {m.status !== 'active' && <Tag>{m.status}</Tag>}
              <Button size="small" danger loading={busy === `rm:${m.user_id}`} onClick={() => void remove(m)}>
                <FormattedMessage id="schoolClasses.remove" defaultMessage="Remove" />
              </Button>
            </div>
          ))}
        </div>
      )}
    </Drawer>
  );
}

/**
 * The class's cap on school-pool credits (issue 30): how many pool credits the essays submitted
 * into its assignments may use in all; empty = no cap. Set by the school's admins (the server
 * refuses the class's teachers).
 */
function PoolCap({ client, klass }: { client: CorestoneClient; klass: SchoolClass }) {
  const { message } = App.useApp();
  const intl = useIntl();
  const [saved, setSaved] = useState<number | null>(klass.pool_cap ?? null);
  const [value, setValue] = useState<number | null>(saved);
  const { busy, run } = useBusy();
  const save = () =>
    run(
      'cap',
      async () => {
        const next = await client.schools.updateClass(klass.id, { pool_cap: value });
        setSaved(next.pool_cap ?? null);
        message.success(
          next.pool_cap == null
            ? intl.formatMessage({ id: 'schoolClasses.noPoolCap', defaultMessage: 'The class has no pool cap' })
            : intl.formatMessage(
                { id: 'schoolClasses.poolCapSet', defaultMessage: 'Pool cap set to {cap} credits' },
                { cap: next.pool_cap },
              ),
        );
      },
      intl.formatMessage({ id: 'schoolClasses.poolCapFailed', defaultMessage: 'Failed to set the pool cap' }),
    );
  return (
    <div style={{ marginBottom: 16 }} data-testid="class-pool-cap">
      <Typography.Text strong>
        <FormattedMessage id="schoolClasses.schoolPoolCap" defaultMessage="School pool cap" />
      </Typography.Text>
      <Space.Compact style={{ display: 'flex', marginTop: 4 }}>
        <InputNumber
          aria-label={intl.formatMessage({ id: 'schoolClasses.poolCapLabel', defaultMessage: 'Pool cap (credits)' })}
          min={0}
          max={1000000}
          precision={0}
          placeholder={intl.formatMessage({ id: 'school.noCap', defaultMessage: 'No cap' })}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          style={{ flex: 1 }}
        />
        <Button onClick={() => void save()} loading={busy === 'cap'} disabled={value === saved}>
          <FormattedMessage id="schoolClasses.saveCap" defaultMessage="Save cap" />
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">
        <FormattedMessage
          id="schoolClasses.creditsThisClassSAssignment"
          defaultMessage="Credits this class's assignment essays may use from the school's pool in all; empty for no cap."
        />
      </Typography.Text>
    </div>
  );
}
