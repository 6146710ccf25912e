import { useEffect, useState } from 'react';
import { Alert, Card, Empty, Select, Space, Table, Typography } from 'antd';
import { isAdminRole, type AgreementFigure, type RemoteAppProps, type Rubric } from '@corestone/sdk';
import { LoadError, Loading, PageHeader } from '../components/common';
import { CsvButton } from '../components/teaching/CsvButton';
import { useAgreement, useMyClasses } from '../hooks/useTeaching';
import { agreementRows, differenceText, kappaText, kappaWords, percentText } from '../lib/teaching';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * /admin/agreement (issue 31): how far the AI agrees with the school's teachers, per criterion of a
 * rubric — quadratic weighted kappa, exact and adjacent agreement, mean signed difference (AI −
 * teacher), the number of essays behind each figure and the server's plain-words reading; CSV.
 * Platform admins without a school see the platform's figures.
 */
export function Agreement({ client, user }: RemoteAppProps) {
  const classes = useMyClasses(client, user);
  const schoolId = classes.data?.schoolId ?? null;
  const [rubricId, setRubricId] = useState<string | undefined>();
  const [classId, setClassId] = useState<string | undefined>();
  const intl = useIntl();
  const percent = (v: number | null | undefined) =>
    v === null || v === undefined ? percentText(v) : intl.formatNumber(v, { style: 'percent', maximumFractionDigits: 0 });
  const [rubrics, setRubrics] = useState<Rubric[]>([]);
  useEffect(() => {
    client.rubrics.active().then(setRubrics, () => setRubrics([]));
  }, [client]);
  // the school's figures for its staff; the platform's for a platform admin without a school
  const scope = schoolId ?? ((classes.data || classes.error) && isAdminRole(user) ? 'platform' : null);
  const report = useAgreement(client, scope, { rubric_id: rubricId, class_id: classId });

  if (classes.error && !isAdminRole(user)) return <LoadError message={classes.error} onRetry={classes.reload} />;
  const data = report.data;
  return (
    <div data-testid="agreement-page">
      <PageHeader
        title={<FormattedMessage id="agreement.aiTeacherAgreement" defaultMessage="AI–teacher agreement" />}
        subtitle={
          schoolId ? (classes.data?.schoolName ?? undefined) : <FormattedMessage id="agreement.everySchool" defaultMessage="Every school" />
        }
        extra={
          schoolId && (
            <CsvButton
              load={() => client.assignments.agreementCsv(schoolId, { rubric_id: rubricId, class_id: classId })}
              fallbackName="agreement.csv"
            />
          )
        }
      />
      <Typography.Paragraph type="secondary">
        <FormattedMessage
          id="agreement.intro"
          defaultMessage="Every released result whose marks a teacher changed or confirmed is a teacher's judgement; these figures compare the AI's marks with them."
        />
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          aria-label={intl.formatMessage({ id: 'agreement.rubric', defaultMessage: 'Rubric' })}
          allowClear
          placeholder={intl.formatMessage({ id: 'agreement.everyRubric', defaultMessage: 'Every rubric' })}
          style={{ width: 240 }}
          value={rubricId}
          onChange={setRubricId}
          options={rubrics.map((r) => ({ value: r.id, label: r.title }))}
        />
        {schoolId && (
          <Select
            aria-label={intl.formatMessage({ id: 'agreement.class', defaultMessage: 'Class' })}
            allowClear
            placeholder={intl.formatMessage({ id: 'agreement.everyClass', defaultMessage: 'Every class' })}
            style={{ width: 220 }}
            value={classId}
            onChange={setClassId}
            options={(classes.data?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        )}
      </Space>
      {report.error ? (
        <LoadError message={report.error} onRetry={report.reload} />
      ) : !data ? (
        <Loading />
      ) : data.essays === 0 ? (
        <Empty
          description={
            <FormattedMessage
              id="agreement.noTeacherReleasedResultsYet"
              defaultMessage="No teacher-released results yet: figures appear once teachers review and release."
            />
          }
          data-testid="agreement-empty"
        />
      ) : (
        <Card variant="borderless" styles={{ body: { padding: 12 } }}>
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            title={`${intl.formatMessage(
              { id: 'agreement.essayCount', defaultMessage: '{count, plural, one {# essay} other {# essays}}' },
              { count: data.essays },
            )}${data.rubric_name ? ` · ${data.rubric_name}` : ''}`}
            description={data.total?.reading}
          />
          <Table<AgreementFigure>
            size="small"
            data-testid="agreement-table"
            rowKey={(f) => f.criterion_id ?? f.criterion}
            dataSource={agreementRows(data.criteria, data.total)}
            pagination={false}
            // the readings wrap inside the card; a phone scrolls the table sideways
            scroll={{ x: 960 }}
            columns={[
              {
                title: <FormattedMessage id="agreement.criterion" defaultMessage="Criterion" />,
                dataIndex: 'criterion',
                render: (v: string, f) => (f.criterion_id ? v : <strong>{v}</strong>),
              },
              { title: <FormattedMessage id="agreement.essays" defaultMessage="Essays" />, dataIndex: 'n' },
              {
                title: <FormattedMessage id="agreement.kappaQwk" defaultMessage="Kappa (QWK)" />,
                key: 'qwk',
                render: (_, f) => `${kappaText(f.qwk, intl)} · ${kappaWords(f.qwk, intl)}`,
              },
              { title: <FormattedMessage id="agreement.exact" defaultMessage="Exact" />, key: 'exact', render: (_, f) => percent(f.exact) },
              {
                title: <FormattedMessage id="agreement.withinOneMark" defaultMessage="Within one mark" />,
                key: 'adj',
                render: (_, f) => percent(f.adjacent),
              },
              {
                title: <FormattedMessage id="agreement.aiTeacher" defaultMessage="AI − teacher" />,
                key: 'diff',
                render: (_, f) => differenceText(f.mean_difference, intl),
              },
              { title: <FormattedMessage id="agreement.reading" defaultMessage="Reading" />, dataIndex: 'reading', width: '36%' },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
