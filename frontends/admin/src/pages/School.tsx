import { Alert, Button, Result, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isAdminRole, isSchoolStaff, type RemoteAppProps } from '@corestone/sdk';
import { LoadError, Loading, PageHeader } from '../components/common';
import { SchoolOverview } from '../components/school/SchoolOverview';
import { SchoolMembers } from '../components/school/SchoolMembers';
import { SchoolClasses } from '../components/school/SchoolClasses';
import { RosterImport } from '../components/school/RosterImport';
import { SchoolSettingsCard } from '../components/school/SchoolSettingsCard';
import { useSchool } from '../hooks/useSchool';
import { ownSchoolId } from '../lib/schools';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

const TAB_LABELS = defineMessages({
  overview: { id: 'school.tab.overview', defaultMessage: 'Overview' },
  members: { id: 'school.tab.members', defaultMessage: 'Members' },
  classes: { id: 'school.tab.classes', defaultMessage: 'Classes' },
  roster: { id: 'school.tab.roster', defaultMessage: 'Roster import' },
  settings: { id: 'school.tab.settings', defaultMessage: 'Settings' },
});
export const SCHOOL_TABS = [
  { key: 'overview', label: TAB_LABELS.overview },
  { key: 'members', label: TAB_LABELS.members },
  { key: 'classes', label: TAB_LABELS.classes },
  { key: 'roster', label: TAB_LABELS.roster },
  { key: 'settings', label: TAB_LABELS.settings },
] as const;
export type SchoolTab = (typeof SCHOOL_TABS)[number]['key'];

/** The tab a path below the area's base opens ('' → overview; an unknown one → overview). */
export function schoolTabOf(pathname: string, base: string): SchoolTab {
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\/+/, '').split('/')[0] : '';
  return SCHOOL_TABS.find((t) => t.key === rest)?.key ?? 'overview';
}

/** /admin/school: the signed-in school admin's own school. A platform admin without one goes to the Schools list. */
export function MySchool(props: RemoteAppProps) {
  const id = ownSchoolId(props.user);
  if (!id) {
    if (isAdminRole(props.user)) return <Navigate to="/admin/schools" replace />;
    // a school's teacher (issue 31) has its Classes area
    if (isSchoolStaff(props.user)) return <Navigate to="/admin/classes" replace />;
    return (
      <Result
        status="403"
        title={<FormattedMessage id="school.noSchool" defaultMessage="No school" />}
        subTitle={<FormattedMessage id="school.youAreNotTheAdministrator" defaultMessage="You are not the administrator of a school." />}
      />
    );
  }
  return <SchoolArea {...props} schoolId={id} base="/admin/school" />;
}

/** /admin/schools/:id: any school's area, opened from the Schools list (platform admins). */
export function SchoolById(props: RemoteAppProps) {
  const { id = '' } = useParams();
  return <SchoolArea {...props} schoolId={id} base={`/admin/schools/${encodeURIComponent(id)}`} backToList={isAdminRole(props.user)} />;
}

function SchoolArea(props: RemoteAppProps & { schoolId: string; base: string; backToList?: boolean }) {
  const { schoolId, base, backToList, client, user } = props;
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const { school, missing, pool, activity, replace } = useSchool(client, schoolId);
  const tab = schoolTabOf(location.pathname, base);

  // another school's address (or one that does not exist): not found, whichever it is
  if (missing && !school.data) {
    return (
      <div data-testid="school-area">
        <Result
          status="404"
          title={<FormattedMessage id="school.schoolNotFound" defaultMessage="School not found" />}
          subTitle={
            <FormattedMessage id="school.thisSchoolDoesNotExist" defaultMessage="This school does not exist, or it is not yours to see." />
          }
          data-testid="school-not-found"
          extra={
            <Link to={isAdminRole(user) ? '/admin/schools' : '/admin/school'}>
              <Button type="primary">
                {isAdminRole(user) ? (
                  <FormattedMessage id="school.allSchools" defaultMessage="All schools" />
                ) : (
                  <FormattedMessage id="school.mySchool" defaultMessage="My school" />
                )}
              </Button>
            </Link>
          }
        />
      </div>
    );
  }

  if (school.error && !school.data) {
    return (
      <div data-testid="school-area">
        <PageHeader title={<FormattedMessage id="school.school" defaultMessage="School" />} />
        <LoadError message={school.error} onRetry={school.reload} />
      </div>
    );
  }
  if (!school.data) {
    return (
      <div data-testid="school-area">
        <PageHeader title={<FormattedMessage id="school.school" defaultMessage="School" />} />
        <Loading />
      </div>
    );
  }
  const s = school.data;
  const ctx = { client, user, school: s, schoolId };
  return (
    <div data-testid="school-area">
      {backToList && (
        <Link to="/admin/schools" style={{ display: 'inline-block', marginBottom: 8 }}>
          <ArrowLeftOutlined /> <FormattedMessage id="school.allSchools" defaultMessage="All schools" />
        </Link>
      )}
      <PageHeader
        title={s.name}
        subtitle={[
          s.country,
          s.ib_school_code && intl.formatMessage({ id: 'school.ibCode', defaultMessage: 'IB code {code}' }, { code: s.ib_school_code }),
          s.time_zone,
        ]
          .filter(Boolean)
          .join(' · ')}
        extra={
          school.loading && (
            <Button type="text" loading aria-label={intl.formatMessage({ id: 'school.refreshing', defaultMessage: 'Refreshing' })}>
              {' '}
            </Button>
          )
        }
      />
      {!s.settings.ai_grader_enabled && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title={
            <FormattedMessage
              id="school.aiGradingOffNotice"
              defaultMessage="AI grading is switched off for this school's members: the built-in text analysis grades their essays."
            />
          }
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => navigate(k === 'overview' ? base : `${base}/${k}`)}
        items={SCHOOL_TABS.map((t) => ({ key: t.key, label: intl.formatMessage(t.label) }))}
      />
      {tab === 'overview' && (
        <SchoolOverview client={client} school={s} pool={pool} activity={activity} onOpen={(k) => navigate(`${base}/${k}`)} />
      )}
      {tab === 'members' && <SchoolMembers {...ctx} />}
      {tab === 'classes' && <SchoolClasses {...ctx} />}
      {tab === 'roster' && <RosterImport {...ctx} onApplied={school.reload} />}
      {tab === 'settings' && <SchoolSettingsCard {...ctx} onSaved={replace} />}
    </div>
  );
}
