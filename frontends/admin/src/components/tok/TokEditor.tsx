import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { TITLE_MAX_CHARS, type TokDraft } from '../../lib/tokTitles';
import { FormattedMessage } from 'react-intl';

/** The form of a new or edited session: its name and six titles, the problems found on Save, Save and Cancel. */
export function TokEditor({
  draft,
  originalName,
  problems,
  busy,
  onChange,
  onSave,
  onCancel,
}: {
  draft: TokDraft;
  originalName: string | undefined;
  problems: string[];
  busy: boolean;
  onChange: (draft: TokDraft) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <Card title={draft.id ? `Edit ${originalName ?? 'session'}` : 'New session'} variant="borderless" data-testid="tok-editor">
      <Form layout="vertical">
        <Form.Item
          label={<FormattedMessage id="tokEditor.session" defaultMessage="Session" />}
          htmlFor="tok-session-name"
          extra={<FormattedMessage id="tokEditor.theExaminationSessionEG" defaultMessage={'The examination session, e.g. "May 2027".'} />}
        >
          <Input
            id="tok-session-name"
            maxLength={100}
            value={draft.session}
            onChange={(e) => onChange({ ...draft, session: e.target.value })}
          />
        </Form.Item>
        {draft.titles.map((t, i) => (
          <Form.Item
            key={i}
            label={<FormattedMessage id="tokEditor.titleN" defaultMessage="Title {n}" values={{ n: i + 1 }} />}
            htmlFor={`tok-title-${i + 1}`}
          >
            <Input.TextArea
              id={`tok-title-${i + 1}`}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={TITLE_MAX_CHARS}
              value={t}
              onChange={(e) => onChange({ ...draft, titles: draft.titles.map((x, j) => (j === i ? e.target.value : x)) })}
            />
          </Form.Item>
        ))}
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="tok-problems"
            title={<FormattedMessage id="tokEditor.pleaseCorrectTheSession" defaultMessage="Please correct the session" />}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        <Space wrap>
          <Button type="primary" loading={busy} onClick={onSave}>
            <FormattedMessage id="tokEditor.saveTitles" defaultMessage="Save Titles" />
          </Button>
          <Button onClick={onCancel}>
            <FormattedMessage id="tokEditor.cancel" defaultMessage="Cancel" />
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
