import { useState } from 'react';
import { Alert, Button, Select, Space } from 'antd';
import { errorMessage, type CorestoneClient } from '@corestone/sdk';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  client: CorestoneClient;
  /** The deep-linking launch (the `lti_deep_linking` query parameter the launch landed with). */
  launchId: string;
  assignments: ReadonlyArray<{ id: string; title: string }>;
}

/** Posts the signed response to the LMS as its deep-linking return expects: a form with the field JWT. */
export function postToPlatform(returnUrl: string, jwt: string): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = returnUrl;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'JWT';
  field.value = jwt;
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
}

/**
 * Issue 32 (LTI Deep Linking): a teacher who came from "add content" in their LMS picks one of the
 * class's assignments; Corestone signs it as a resource link with a line item and the page hands it
 * back to the LMS.
 */
export function DeepLinkPicker({ client, launchId, assignments }: Props) {
  const intl = useIntl();
  const [picked, setPicked] = useState<string | undefined>(assignments[0]?.id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      const r = await client.schools.ltiDeepLinkingResponse({ launch_id: launchId, assignment_id: picked });
      postToPlatform(r.return_url, r.jwt);
    } catch (e) {
      setError(
        errorMessage(
          e,
          intl.formatMessage({ id: 'teaching.deepLinkFailed', defaultMessage: 'The assignment could not be added to your course' }),
        ),
      );
      setBusy(false);
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="deep-link-picker"
      title={<FormattedMessage id="teaching.addAnAssignmentToYour" defaultMessage="Add an assignment to your course" />}
      description={
        <Space direction="vertical" style={{ width: '100%' }}>
          {assignments.length ? (
            <Space wrap>
              <Select
                aria-label={intl.formatMessage({ id: 'teaching.assignmentToAdd', defaultMessage: 'Assignment to add' })}
                style={{ minWidth: 260 }}
                value={picked}
                onChange={setPicked}
                options={assignments.map((a) => ({ value: a.id, label: a.title }))}
              />
              <Button type="primary" onClick={add} loading={busy} disabled={!picked}>
                <FormattedMessage id="teaching.addToCourse" defaultMessage="Add to course" />
              </Button>
            </Space>
          ) : (
            <FormattedMessage
              id="teaching.createAssignmentFirst"
              defaultMessage="Create an assignment first (New assignment), then add it to your course."
            />
          )}
          {error && <Alert type="error" showIcon title={error} data-testid="deep-link-error" />}
        </Space>
      }
    />
  );
}
