import { Alert, Col, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { Assignment, CorestoneClient, EssayType, Rubric } from '@corestone/sdk';
import { formatZoned, zonedToIso } from '@corestone/ui/zoned-time';
import { FormModal } from '../school/FormModal';
import { KIND_LABELS, RELEASE_MODE_LABELS } from '../../lib/teaching';
import { FormattedMessage, useIntl } from 'react-intl';

interface Values {
  title: string;
  instructions?: string;
  essay_type: EssayType;
  rubric_id: string;
  kind: 'draft' | 'final';
  opens_at?: string;
  due_at: string;
  allow_late: boolean;
  release_mode: 'immediate' | 'after_review';
  show_ai_marks: boolean;
}

/**
 * New assignment for a class: title and instructions, essay type and rubric (the active rubrics of
 * that type), draft or final, opening and due date-times on the school's clocks (`timeZone`, not the
 * browser's), late work taken or not, and when results reach the students.
 */
export function AssignmentModal({
  client,
  classId,
  timeZone,
  onClose,
  onCreated,
}: {
  client: CorestoneClient;
  classId: string;
  timeZone: string;
  onClose: () => void;
  onCreated: (a: Assignment) => void;
}) {
  const intl = useIntl();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('essay_type', form) ?? 'ee';
  const due = Form.useWatch('due_at', form);
  const [rubrics, setRubrics] = useState<Rubric[] | null>(null);
  const [rubricError, setRubricError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    setRubrics(null);
    client.rubrics.active(type).then(
      (list) => {
        if (!alive) return;
        setRubrics(list);
        const current = form.getFieldValue('rubric_id') as string | undefined;
        if (!list.some((r) => r.id === current)) form.setFieldValue('rubric_id', list[0]?.id);
      },
      () =>
        alive && setRubricError(intl.formatMessage({ id: 'assignment.rubricsFailed', defaultMessage: 'The rubrics could not be loaded.' })),
    );
    return () => {
      alive = false;
    };
  }, [client, type, form, intl]);

  const instant = (local: string | undefined) => (local ? zonedToIso(local, timeZone) : null);
  const dueIso = instant(due);

  return (
    <FormModal<Values>
      form={form}
      title={<FormattedMessage id="assignment.newAssignment" defaultMessage="New assignment" />}
      okText={<FormattedMessage id="assignment.createAssignment" defaultMessage="Create assignment" />}
      failure={intl.formatMessage({ id: 'assignment.createFailed', defaultMessage: 'Failed to create the assignment' })}
      errorTestId="assignment-error"
      initialValues={{ essay_type: 'ee', kind: 'final', allow_late: true, release_mode: 'after_review', show_ai_marks: false }}
      onClose={onClose}
      onSubmit={async (v) => {
        const opens = instant(v.opens_at);
        const created = await client.assignments.create(classId, {
          title: v.title.trim(),
          instructions: v.instructions?.trim() || undefined,
          essay_type: v.essay_type,
          rubric_id: v.rubric_id,
          kind: v.kind,
          due_at: instant(v.due_at)!,
          ...(opens ? { opens_at: opens } : {}),
          allow_late: v.allow_late,
          release_mode: v.release_mode,
          show_ai_marks: v.show_ai_marks,
        });
        onCreated(created);
      }}
    >
      <Form.Item
        name="title"
        label={<FormattedMessage id="assignment.title" defaultMessage="Title" />}
        rules={[
          {
            required: true,
            whitespace: true,
            message: intl.formatMessage({ id: 'assignment.titleRequired', defaultMessage: 'Give the assignment a title' }),
          },
          { max: 200 },
        ]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="instructions"
        label={<FormattedMessage id="assignment.instructions" defaultMessage="Instructions" />}
        rules={[{ max: 5000 }]}
      >
        <Input.TextArea rows={3} maxLength={5000} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="essay_type" label={<FormattedMessage id="assignment.essayType" defaultMessage="Essay type" />}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'ee', label: <FormattedMessage id="assignment.ee" defaultMessage="EE" /> },
                { value: 'tok', label: <FormattedMessage id="assignment.tok" defaultMessage="TOK" /> },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="kind" label={<FormattedMessage id="assignment.draftOrFinal" defaultMessage="Draft or final" />}>
            <Radio.Group
              optionType="button"
              options={(['draft', 'final'] as const).map((k) => ({ value: k, label: intl.formatMessage(KIND_LABELS[k]) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      {rubricError && <Alert type="error" showIcon title={rubricError} style={{ marginBottom: 12 }} />}
      <Form.Item
        name="rubric_id"
        label={<FormattedMessage id="assignment.rubric" defaultMessage="Rubric" />}
        rules={[{ required: true, message: intl.formatMessage({ id: 'assignment.rubricRequired', defaultMessage: 'Choose a rubric' }) }]}
      >
        <Select
          loading={!rubrics}
          options={(rubrics ?? []).map((r) => ({ value: r.id, label: r.title }))}
          notFoundContent={<FormattedMessage id="assignment.noActiveRubric" defaultMessage="No active rubric of this type" />}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        <FormattedMessage
          id="assignment.schoolTimes"
          defaultMessage="Dates and times are the school's ({timeZone})."
          values={{ timeZone }}
        />
      </Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="opens_at"
            label={<FormattedMessage id="assignment.opensOptional" defaultMessage="Opens (optional)" />}
            rules={[
              {
                validator: async (_, v?: string) =>
                  v && !instant(v)
                    ? Promise.reject(new Error(intl.formatMessage({ id: 'assignment.notADate', defaultMessage: 'Not a date and time' })))
                    : undefined,
              },
            ]}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="due_at"
            label={<FormattedMessage id="assignment.due" defaultMessage="Due" />}
            dependencies={['opens_at']}
            rules={[
              {
                required: true,
                message: intl.formatMessage({ id: 'assignment.dueRequired', defaultMessage: 'Set the due date and time' }),
              },
              ({ getFieldValue }) => ({
                validator: async (_, v?: string) => {
                  const d = instant(v);
                  if (v && !d) throw new Error(intl.formatMessage({ id: 'assignment.notADate', defaultMessage: 'Not a date and time' }));
                  const o = instant(getFieldValue('opens_at') as string | undefined);
                  if (d && o && Date.parse(d) <= Date.parse(o))
                    throw new Error(
                      intl.formatMessage({ id: 'assignment.dueAfterOpens', defaultMessage: 'The due time must be after the opening time' }),
                    );
                },
              }),
            ]}
            extra={dueIso ? formatZoned(dueIso, timeZone, true, intl.locale) : undefined}
          >
            <Input type="datetime-local" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="release_mode"
        label={<FormattedMessage id="assignment.resultsReachTheStudents" defaultMessage="Results reach the students" />}
      >
        <Radio.Group
          options={(['after_review', 'immediate'] as const).map((m) => ({ value: m, label: intl.formatMessage(RELEASE_MODE_LABELS[m]) }))}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="allow_late"
            label={<FormattedMessage id="assignment.takeLateWork" defaultMessage="Take late work" />}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="show_ai_marks"
            label={<FormattedMessage id="assignment.showStudentsTheAiS" defaultMessage="Show students the AI's marks" />}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
