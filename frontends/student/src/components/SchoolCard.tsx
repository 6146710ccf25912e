import { useCallback, useEffect, useState } from 'react';
import { Alert, App as AntApp, Button, Card, Empty, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorMessage, isApiError, type MySchool, type RemoteAppProps } from '@corestone/sdk';
import { joinCodeInput, membershipView, SCHOOL_MESSAGES, SCHOOL_ROLE_NAMES } from '../lib/school';

/**
 * The overview's school card: the student's school and classes (GET /schools/mine), joining a
 * class with its code (POST /classes/join; the server's words when it refuses), an invitation to
 * accept or decline.
 */
export function SchoolCard({
  user,
  client,
  refreshUser,
  onSchool,
}: Pick<RemoteAppProps, 'user' | 'client' | 'refreshUser'> & {
  /** told each school answer (loaded, joined, invitation answered), e.g. for the overview's credits panel */
  onSchool?: (mine: MySchool) => void;
}) {
  const { message } = AntApp.useApp();
  const intl = useIntl();
  const [mine, setMine] = useState<MySchool | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // a server without the schools service (GET /schools/mine → 404): no card at all
  const [unavailable, setUnavailable] = useState(false);
  const [code, setCode] = useState('');
  const [joinError, setJoinError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'join' | 'accept' | 'decline' | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    client.schools.mine().then(setMine, (e: unknown) => {
      if (isApiError(e) && e.status === 404) setUnavailable(true);
      else
        setLoadError(
          errorMessage(e, intl.formatMessage({ id: 'school.loadFailed', defaultMessage: 'Failed to load your school. Please try again.' })),
        );
    });
  }, [client, intl]);
  useEffect(load, [load]);
  useEffect(() => {
    if (mine) onSchool?.(mine);
  }, [mine, onSchool]);

  const join = async () => {
    const c = joinCodeInput(code);
    if (!c) {
      setJoinError(intl.formatMessage({ id: 'school.codeMissing', defaultMessage: 'Please enter the class code your teacher gave you' }));
      return;
    }
    setBusy('join');
    setJoinError(null);
    try {
      const res = await client.schools.joinClass(c);
      setMine(res.mine);
      setCode('');
      message.success(intl.formatMessage({ id: 'school.joined', defaultMessage: 'You joined {name}' }, { name: res.class.name }));
      if (res.joined_school) void refreshUser();
    } catch (e) {
      setJoinError(
        errorMessage(e, intl.formatMessage({ id: 'school.joinFailed', defaultMessage: 'Failed to join the class. Please try again.' })),
      );
    } finally {
      setBusy(null);
    }
  };
  const answer = async (accept: boolean) => {
    setBusy(accept ? 'accept' : 'decline');
    try {
      setMine(await (accept ? client.schools.acceptInvitation() : client.schools.declineInvitation()));
      void refreshUser();
    } catch (e) {
      message.error(
        errorMessage(
          e,
          intl.formatMessage({ id: 'school.answerFailed', defaultMessage: 'Failed to answer the invitation. Please try again.' }),
        ),
      );
    } finally {
      setBusy(null);
    }
  };

  if (unavailable) return null;
  const student = user.role === 'student';
  const view = mine ? membershipView(mine) : null;
  const classes = mine?.classes ?? [];
  return (
    <Card
      variant="borderless"
      title={
        <span>
          <TeamOutlined /> <FormattedMessage id="school.title" defaultMessage="My School" />
        </span>
      }
      style={{ marginBottom: 24 }}
      data-testid="school-card"
    >
      {loadError ? (
        <Alert
          type="error"
          showIcon
          title={loadError}
          action={
            <Button size="small" onClick={load}>
              <FormattedMessage id="school.reload" defaultMessage="Reload School" />
            </Button>
          }
        />
      ) : !mine || !view ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {view.kind === 'none' && (
            <Typography.Text type="secondary">
              <FormattedMessage
                id="school.none"
                defaultMessage="You are not in a school. Join your class with the code your teacher gave you."
              />
            </Typography.Text>
          )}
          {view.kind !== 'none' && (
            <div>
              <Typography.Text strong style={{ fontSize: 16 }} data-testid="school-name">
                {view.school}
              </Typography.Text>{' '}
              {mine.school_role && <Tag>{intl.formatMessage(SCHOOL_ROLE_NAMES[mine.school_role])}</Tag>}
            </div>
          )}
          {view.kind === 'active' && mine.school && (
            <Typography.Text type="secondary" data-testid="school-pool-note">
              {mine.school.settings.pool_enabled ? (
                <FormattedMessage id="school.poolNote" defaultMessage="Your essays are graded from your school's credits, not your own." />
              ) : (
                <FormattedMessage id="school.ownCredits" defaultMessage="Your essays use your own credits." />
              )}
              {!mine.school.settings.ai_grader_enabled && <> {intl.formatMessage(SCHOOL_MESSAGES.builtinNote)}</>}
            </Typography.Text>
          )}
          {view.kind === 'pending' && (
            <Alert
              type="info"
              showIcon
              title={intl.formatMessage({ id: 'school.pending', defaultMessage: "Your membership is waiting for the school's approval." })}
            />
          )}
          {view.kind === 'deactivated' && (
            <Alert
              type="warning"
              showIcon
              title={intl.formatMessage({
                id: 'school.deactivated',
                defaultMessage: "Your membership of this school is deactivated. Please ask your school's coordinator.",
              })}
            />
          )}
          {view.kind === 'invited' && (
            <Alert
              type="info"
              showIcon
              title={intl.formatMessage({ id: 'school.invited', defaultMessage: '{school} invited you to join.' }, { school: view.school })}
              action={
                <Space wrap>
                  <Button size="small" type="primary" loading={busy === 'accept'} onClick={() => void answer(true)}>
                    <FormattedMessage id="school.accept" defaultMessage="Accept" />
                  </Button>
                  <Button size="small" loading={busy === 'decline'} onClick={() => void answer(false)}>
                    <FormattedMessage id="school.decline" defaultMessage="Decline" />
                  </Button>
                </Space>
              }
            />
          )}
          {view.kind === 'active' &&
            (classes.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={intl.formatMessage({ id: 'school.noClasses', defaultMessage: 'No classes yet' })}
              />
            ) : (
              <div
                role="list"
                aria-label={intl.formatMessage({ id: 'school.myClasses', defaultMessage: 'My classes' })}
                data-testid="my-classes"
              >
                {classes.map((c) => (
                  <div key={c.id} role="listitem" style={{ padding: '8px 0', borderBottom: '1px solid rgba(5,5,5,.06)' }}>
                    <Typography.Text strong>{c.name}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {[
                          c.subject,
                          c.session,
                          c.teachers.length
                            ? intl.formatMessage(
                                { id: 'school.withTeachers', defaultMessage: 'with {teachers}' },
                                { teachers: c.teachers.map((t) => t.name).join(', ') },
                              )
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography.Text>
                    </div>
                  </div>
                ))}
              </div>
            ))}
          {student && view.kind !== 'deactivated' && view.kind !== 'invited' && (
            <div>
              <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
                <Input
                  aria-label={intl.formatMessage({ id: 'school.classCode', defaultMessage: 'Class code' })}
                  placeholder={intl.formatMessage({ id: 'school.classCodePlaceholder', defaultMessage: 'Class code, e.g. K7QX-3MPA' })}
                  value={code}
                  maxLength={40}
                  onChange={(e) => setCode(e.target.value)}
                  onPressEnter={() => void join()}
                />
                <Button type="primary" loading={busy === 'join'} onClick={() => void join()}>
                  <FormattedMessage id="school.join" defaultMessage="Join class" />
                </Button>
              </Space.Compact>
              {joinError && <Alert type="error" showIcon style={{ marginTop: 8 }} title={joinError} data-testid="join-error" />}
            </div>
          )}
        </Space>
      )}
    </Card>
  );
}
