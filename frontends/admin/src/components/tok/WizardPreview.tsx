import { Alert, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import type { TokSession } from '@corestone/sdk';
import { WIZARD_OTHER_TITLE } from '../../lib/tokTitles';
import { FormattedMessage, useIntl } from 'react-intl';

/** The list a student sees in the upload wizard's "Prescribed Title" field for this session. */
export function WizardPreview({ session }: { session: TokSession }) {
  const intl = useIntl();
  return (
    <div data-testid="tok-preview">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        <EyeOutlined /> <FormattedMessage id="wizardPreview.whatStudentsSeeInThe" defaultMessage="What students see in the upload wizard" />
      </Typography.Title>
      {!session.current && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <FormattedMessage
              id="wizardPreview.thisSessionIsNotCurrent"
              defaultMessage="This session is not current: the wizard shows the current session's titles until you make this one current."
            />
          }
        />
      )}
      <Typography.Text type="secondary">
        <FormattedMessage
          id="wizardPreview.prescribedTitlesFor"
          defaultMessage="Prescribed titles for the {session} session"
          values={{ session: session.session }}
        />
      </Typography.Text>
      <ol style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', border: '1px solid #e5e7eb', borderRadius: 8 }}>
        {[
          ...session.titles.map((t, i) =>
            intl.formatMessage({ id: 'wizardPreview.titleLine', defaultMessage: 'Title {n}: {title}' }, { n: i + 1, title: t }),
          ),
          intl.formatMessage(WIZARD_OTHER_TITLE),
        ].map((label, i, all) => (
          <li
            key={label}
            style={{
              padding: '10px 12px',
              borderBottom: i < all.length - 1 ? '1px solid #f0f0f0' : undefined,
              color: i === all.length - 1 ? 'rgba(0,0,0,.55)' : undefined,
              fontStyle: i === all.length - 1 ? 'italic' : undefined,
            }}
          >
            {label}
          </li>
        ))}
      </ol>
    </div>
  );
}
