import { useId } from 'react';
import { Alert, Col, Grid, Input, Progress, Row, Segmented, Typography } from 'antd';
import { LOCALE_NAMES } from '@corestone/sdk';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { RubricTranslationsDraft } from '../../hooks/useRubricTranslations';
import {
  TRANSLATED_LOCALES,
  TRANSLATION_LIMITS,
  type TranslatedLocale,
  type TranslationField,
  type TranslationGroup,
} from '../../lib/rubricTranslations';

const ENGLISH_BOX = {
  background: '#f8fafc',
  border: '1px solid #e2e8f0',
  borderRadius: 6,
  padding: '4px 11px',
  minHeight: 32,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  color: '#1e293b',
} as const;
const HEADING = { fontSize: 14, fontWeight: 600, margin: '20px 0 8px', color: '#0f172a' } as const;
const MULTILINE = new Set<TranslationField['kind']>(['description', 'criterionDescription', 'band']);

function fieldLabel(f: TranslationField, intl: IntlShape): string {
  switch (f.kind) {
    case 'title':
      return intl.formatMessage({ id: 'rubricTranslations.titleField', defaultMessage: 'Title' });
    case 'description':
      return intl.formatMessage({ id: 'rubricTranslations.descriptionField', defaultMessage: 'Description' });
    case 'name':
      return intl.formatMessage({ id: 'rubricTranslations.criterionName', defaultMessage: 'Name of criterion {code}' }, { code: f.code });
    case 'criterionDescription':
      return intl.formatMessage(
        { id: 'rubricTranslations.criterionDescription', defaultMessage: 'Description of criterion {code}' },
        { code: f.code },
      );
    case 'band':
      return intl.formatMessage(
        { id: 'rubricTranslations.band', defaultMessage: 'Criterion {code}, marks {range}' },
        { code: f.code, range: f.range },
      );
    case 'grade':
      return intl.formatMessage({ id: 'rubricTranslations.grade', defaultMessage: 'Grade {grade}' }, { grade: f.grade });
  }
}

function groupHeading(g: TranslationGroup) {
  if (g.kind === 'rubric') return <FormattedMessage id="rubricTranslations.rubricGroup" defaultMessage="Title and description" />;
  if (g.kind === 'grades') return <FormattedMessage id="rubricTranslations.gradesGroup" defaultMessage="Grade descriptions" />;
  return (
    <FormattedMessage
      id="rubricTranslations.criterionGroup"
      defaultMessage="Criterion {code}: {name}"
      values={{ code: g.code, name: g.name?.trim() || g.code }}
    />
  );
}

/** One text: its English (the input's description) beside the translation's input, and its problem. */
function FieldRow({ f, locale, t }: { f: TranslationField; locale: TranslatedLocale; t: RubricTranslationsDraft }) {
  const intl = useIntl();
  const id = useId();
  const value = t.values[locale][f.key] ?? '';
  const error = t.errors[locale][f.key];
  const max = TRANSLATION_LIMITS[f.kind];
  const count = { show: value.length > max * 0.8, max };
  const described = `${id}-en${error ? ` ${id}-error` : ''}`;
  const common = {
    id: `${id}-input`,
    lang: locale,
    value,
    status: error ? ('error' as const) : undefined,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
    count,
    placeholder: intl.formatMessage({ id: 'rubricTranslations.placeholder', defaultMessage: 'Shown in English while empty' }),
    onChange: (e: { target: { value: string } }) => t.set(locale, f.key, e.target.value),
  };
  return (
    <div style={{ marginBottom: 12 }} data-testid={`translation-${f.key}`}>
      <label htmlFor={`${id}-input`} style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>
        {fieldLabel(f, intl)}
      </label>
      <Row gutter={[12, 6]}>
        <Col xs={24} md={12}>
          <div id={`${id}-en`} lang="en" style={ENGLISH_BOX}>
            <span className="cs-sr-only">
              <FormattedMessage id="rubricTranslations.englishPrefix" defaultMessage="English:" />{' '}
            </span>
            {f.english.trim() ? (
              f.english
            ) : (
              <Typography.Text type="secondary" italic>
                <FormattedMessage id="rubricTranslations.noEnglish" defaultMessage="(no English text)" />
              </Typography.Text>
            )}
          </div>
        </Col>
        <Col xs={24} md={12}>
          {MULTILINE.has(f.kind) ? <Input.TextArea autoSize={{ minRows: 1, maxRows: 8 }} {...common} /> : <Input {...common} />}
        </Col>
      </Row>
      {error && (
        <Typography.Text type="danger" id={`${id}-error`} style={{ display: 'block', marginTop: 4 }} data-testid="translation-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The Translations view of an existing rubric (issue 36): a language at a time (Français, Español,
 * each with its translated/total count), every translatable text's English beside an input for its
 * translation; empty ones show in English. Saved with the rubric (the dialog's Save Changes).
 */
export function TranslationsEditor({ t }: { t: RubricTranslationsDraft }) {
  const intl = useIntl();
  const ids = useId();
  const wide = Grid.useBreakpoint().md;
  const locale = t.locale;
  const { done, total } = t.counts[locale];
  const storedNothing = Object.values(t.stored[locale]).every((v) => !v.trim());
  return (
    <div data-testid="rubric-translations">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        <FormattedMessage
          id="rubricTranslations.intro"
          defaultMessage="Students and teachers whose language is French or Spanish read these texts in place of the English ones. Codes, marks and grade boundaries are the same in every language."
        />
      </Typography.Paragraph>
      <Segmented
        aria-label={intl.formatMessage({ id: 'rubricTranslations.language', defaultMessage: 'Language of the translation' })}
        value={locale}
        onChange={(v) => t.setLocale(v as TranslatedLocale)}
        options={TRANSLATED_LOCALES.map((l) => ({
          value: l,
          label: (
            <span data-testid={`translation-tab-${l}`}>
              <span lang={l}>{LOCALE_NAMES[l]}</span>{' '}
              <span style={{ color: '#475569' }}>
                {t.counts[l].done}/{t.counts[l].total}
              </span>
              {(Object.keys(t.errors[l]).length > 0 || t.general[l].length > 0) && (
                <span style={{ color: '#dc2626', marginLeft: 4 }}>
                  ●{' '}
                  <span className="cs-sr-only">
                    <FormattedMessage id="rubricTranslations.hasProblems" defaultMessage="needs a change" />
                  </span>
                </span>
              )}
            </span>
          ),
        }))}
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, margin: '12px 0' }}>
        <Typography.Text data-testid="translation-count">
          <FormattedMessage
            id="rubricTranslations.count"
            defaultMessage="{done} of {total, plural, one {# text} other {# texts}} translated"
            values={{ done, total }}
          />
        </Typography.Text>
        <Progress
          percent={total ? Math.round((done / total) * 100) : 0}
          size="small"
          showInfo={false}
          style={{ flex: '1 1 120px', maxWidth: 240, margin: 0 }}
          aria-hidden
        />
      </div>
      {storedNothing && done === 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="translations-empty"
          title={<FormattedMessage id="rubricTranslations.emptyTitle" defaultMessage="Not translated yet" />}
          description={
            <FormattedMessage
              id="rubricTranslations.emptyText"
              defaultMessage="Until a text is translated here, readers in this language see it in English. Translate as many as you like: each text left empty shows in English."
            />
          }
        />
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          <FormattedMessage id="rubricTranslations.emptyShowEnglish" defaultMessage="A text left empty shows in English." />
        </Typography.Paragraph>
      )}
      {[...t.general[locale], ...t.other].map((p) => (
        <Alert key={p} type="error" showIcon style={{ marginBottom: 8 }} title={p} />
      ))}
      {wide && (
        // the two columns' names (each English text is also its input's description)
        <div style={{ display: 'flex', gap: 12 }} aria-hidden>
          <Typography.Text type="secondary" style={{ flex: 1 }}>
            <FormattedMessage id="rubricTranslations.englishColumn" defaultMessage="English" />
          </Typography.Text>
          <Typography.Text type="secondary" style={{ flex: 1 }} lang={locale}>
            {LOCALE_NAMES[locale]}
          </Typography.Text>
        </div>
      )}
      {t.groups.map((g, i) => (
        <section key={g.key} aria-labelledby={`${ids}-group-${i}`}>
          <h3 id={`${ids}-group-${i}`} style={HEADING}>
            {groupHeading(g)}
          </h3>
          {g.fields.map((f) => (
            <FieldRow key={`${locale}:${f.key}`} f={f} locale={locale} t={t} />
          ))}
        </section>
      ))}
    </div>
  );
}
