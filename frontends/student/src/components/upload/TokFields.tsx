import { useState } from 'react';
import { Alert, Form, Input, Select } from 'antd';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { ENGLISH } from '@corestone/ui/i18n';
import { ContextField } from './ContextField';
import { AREAS_OF_KNOWLEDGE } from '../../data/subjects';
import { subjectLabel } from '../../data/subjectLabels';
import type { Field, FieldErrors } from '../../lib/uploadFields';
import type { TokMeta } from '../../lib/uploadMetadata';
import type { TokTitleChoices } from '../../lib/useTokTitles';
import { invalid, marked } from './fieldMarks';

interface TokFieldsProps {
  tok: TokMeta;
  /** The current session's prescribed titles ('Title n: ...'), with how their load went. */
  titles: string[] & Partial<Pick<TokTitleChoices, 'status' | 'session'>>;
  errors: FieldErrors;
  /** Applies a change; the fields named are no longer marked as refused. */
  onChange: (patch: Partial<TokMeta>, ...fields: Field[]) => void;
}

/** The Select's value for the free entry (no title label starts with it). */
export const OTHER_TITLE = '__other_title__';
const TEXTS: Record<'other' | 'unavailable', MessageDescriptor> = {
  other: { id: 'upload.tok.otherTitle', defaultMessage: 'Other title (type the title you answered)' },
  unavailable: {
    id: 'upload.tok.titlesUnavailable',
    defaultMessage: 'The prescribed titles could not be loaded. Choose "Other title" and type the title you answered.',
  },
};
export const OTHER_TITLE_LABEL = ENGLISH.formatMessage(TEXTS.other);
export const TITLES_UNAVAILABLE = ENGLISH.formatMessage(TEXTS.unavailable);

/**
 * The TOK essay's metadata: prescribed title (the current session's titles, or a title typed in
 * as "Other title"), areas of knowledge, context, and the length reminder.
 */
export function TokFields({ tok, titles, errors, onChange }: TokFieldsProps) {
  const intl = useIntl();
  const status = titles.status ?? 'ready';
  const [choseOther, setChoseOther] = useState(false);
  // a typed title (also one restored from a draft) is shown in the free entry, once the list is known
  const other = choseOther || (tok.prescribedTitle !== '' && status !== 'loading' && !titles.includes(tok.prescribedTitle));
  const choose = (value: string) => {
    setChoseOther(value === OTHER_TITLE);
    onChange({ prescribedTitle: value === OTHER_TITLE ? '' : value }, 'prescribedTitle');
  };
  const chosen = other ? OTHER_TITLE : tok.prescribedTitle || undefined;
  return (
    <>
      {status === 'failed' && (
        <Alert
          type="warning"
          showIcon
          title={intl.formatMessage(TEXTS.unavailable)}
          style={{ marginBottom: 16 }}
          data-testid="tok-titles-unavailable"
        />
      )}
      <Form.Item
        label={intl.formatMessage({ id: 'upload.field.prescribedTitle', defaultMessage: 'Prescribed Title' })}
        htmlFor="meta-prescribed"
        required
        {...marked(errors, 'prescribedTitle')}
        // the field shows one line of a long title: the whole chosen title is written out under it
        extra={
          tok.prescribedTitle && !other ? (
            <span data-testid="prescribed-full" style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
              {tok.prescribedTitle}
            </span>
          ) : titles.session && !other ? (
            <span data-testid="tok-session">
              <FormattedMessage
                id="upload.tok.session"
                defaultMessage="Prescribed titles for the {session} session"
                values={{ session: titles.session }}
              />
            </span>
          ) : undefined
        }
      >
        <Select
          id="meta-prescribed"
          {...invalid(errors, 'prescribedTitle')}
          placeholder={
            status === 'loading'
              ? intl.formatMessage({ id: 'upload.tok.loadingTitles', defaultMessage: 'Loading the prescribed titles…' })
              : intl.formatMessage({ id: 'upload.tok.chooseTitle', defaultMessage: 'Choose the prescribed title you answered' })
          }
          loading={status === 'loading'}
          value={chosen}
          options={[...titles.map((t) => ({ value: t, label: t })), { value: OTHER_TITLE, label: intl.formatMessage(TEXTS.other) }]}
          onChange={choose}
          popupMatchSelectWidth
          listHeight={320}
          // titles are long: options wrap instead of being cut (no hover tooltip on a phone)
          optionRender={(o) => <div style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{o.label}</div>}
        />
      </Form.Item>
      {other && (
        <Form.Item
          label={intl.formatMessage({ id: 'upload.tok.yourTitle', defaultMessage: 'Your title' })}
          htmlFor="meta-prescribed-other"
          required
        >
          <Input.TextArea
            id="meta-prescribed-other"
            autoSize={{ minRows: 2, maxRows: 5 }}
            maxLength={600}
            placeholder={intl.formatMessage({ id: 'upload.tok.typeTitle', defaultMessage: 'Type the title you answered' })}
            value={tok.prescribedTitle}
            onChange={(e) => onChange({ prescribedTitle: e.target.value.trim() ? e.target.value : '' }, 'prescribedTitle')}
          />
        </Form.Item>
      )}
      <Form.Item label={intl.formatMessage({ id: 'upload.field.aok', defaultMessage: 'Areas of Knowledge Focus' })} htmlFor="meta-aok">
        <Select
          id="meta-aok"
          mode="multiple"
          allowClear
          placeholder={intl.formatMessage({ id: 'upload.optional', defaultMessage: 'Optional' })}
          value={tok.aokFocus}
          options={AREAS_OF_KNOWLEDGE.map((a) => ({ value: a, label: subjectLabel(intl, a) }))}
          onChange={(v) => onChange({ aokFocus: v })}
        />
      </Form.Item>
      <ContextField
        value={tok.additionalContext}
        placeholder={intl.formatMessage({ id: 'upload.optional', defaultMessage: 'Optional' })}
        onChange={(additionalContext) => onChange({ additionalContext })}
      />
      <Alert
        type="info"
        showIcon
        title={intl.formatMessage({ id: 'upload.tokLength', defaultMessage: 'TOK essays should be about 1,600 words.' })}
        style={{ marginBottom: 24 }}
      />
    </>
  );
}
