import { useState } from 'react';
import { App as AntApp, Card, Select, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { errorMessage, LOCALE_NAMES, LOCALES, localeForUser, setLocale, type Locale, type RemoteAppProps } from '@corestone/sdk';

/** The Select's value for "no choice of my own" (saved as `locale: null`). */
const DEFAULT = 'default';

/**
 * Profile: the interface language (issue 36). English, Français, Español, or the default — the
 * school's language for a school member, else the browser's. Saved with PUT /users/me `locale`
 * (null for the default); the page switches at once.
 */
export function LanguageCard({ user, client, refreshUser }: Pick<RemoteAppProps, 'user' | 'client' | 'refreshUser'>) {
  const intl = useIntl();
  const { notification } = AntApp.useApp();
  const [value, setValue] = useState<Locale | typeof DEFAULT>(user.locale ?? DEFAULT);
  const [busy, setBusy] = useState(false);

  const change = async (next: Locale | typeof DEFAULT) => {
    const locale = next === DEFAULT ? null : next;
    setBusy(true);
    try {
      const saved = await client.users.updateMe({ locale });
      const chosen = saved.locale === undefined ? locale : (saved.locale ?? null);
      setValue(chosen ?? DEFAULT);
      setLocale(localeForUser({ ...user, locale: chosen }));
      await refreshUser();
    } catch (e) {
      notification.error({
        title: intl.formatMessage({ id: 'profile.updateFailed', defaultMessage: 'Update Failed' }),
        description: errorMessage(
          e,
          intl.formatMessage({ id: 'language.saveFailed', defaultMessage: 'Your language could not be saved.' }),
        ),
        duration: 7,
      });
    } finally {
      setBusy(false);
    }
  };

  const defaultLabel = user.school
    ? intl.formatMessage({ id: 'language.sameAsSchool', defaultMessage: 'Same as my school' })
    : intl.formatMessage({ id: 'language.sameAsBrowser', defaultMessage: 'Same as my browser' });
  return (
    <Card
      variant="borderless"
      title={intl.formatMessage({ id: 'language.title', defaultMessage: 'Language' })}
      data-testid="language-setting"
      style={{ marginTop: 24 }}
    >
      <label htmlFor="profile-language" style={{ display: 'block', marginBottom: 8 }}>
        <Typography.Text>{intl.formatMessage({ id: 'language.label', defaultMessage: 'Language of the interface' })}</Typography.Text>
      </label>
      <Select
        id="profile-language"
        style={{ width: '100%', maxWidth: 320 }}
        value={value}
        loading={busy}
        disabled={busy}
        onChange={(v) => void change(v)}
        options={[
          { value: DEFAULT, label: defaultLabel },
          // each language in its own name, so anyone can find theirs
          ...LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> })),
        ]}
      />
    </Card>
  );
}
