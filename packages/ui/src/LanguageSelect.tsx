/**
 * The interface-language picker (issue 36): English / Français / Español, each written in itself.
 * A native select, labelled 'Language' in the page's language: keyboard and screen readers use it
 * as every browser makes them. The shell's header uses it (its choice goes to the device or the
 * profile); a signed-in frame's top bar uses `ProfileLanguageSelect`.
 */
import { useState } from 'react';
import { Grid } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES, setLocale, supportedLocale, type CorestoneClient, type Locale } from '@corestone/sdk';
import { useLocale } from './i18n';

/** The select's label in each language (the picker is the one control every reader must find in their own). */
const LABEL: Record<Locale, string> = { en: 'Language', fr: 'Langue', es: 'Idioma' };

export function LanguageSelect({
  onChange,
  busy = false,
  compact: wanted,
}: {
  onChange: (locale: Locale) => void;
  busy?: boolean;
  /** the languages' codes instead of their names (the default below 576 px: a phone's bar has little room) */
  compact?: boolean;
}) {
  const locale = useLocale();
  const phone = Grid.useBreakpoint().sm === false;
  const compact = wanted ?? phone;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexShrink: 0 }} data-testid="language-picker">
      {!compact && <GlobalOutlined aria-hidden style={{ color: '#334155' }} />}
      <select
        aria-label={LABEL[locale]}
        title={LABEL[locale]}
        value={locale}
        disabled={busy}
        aria-busy={busy || undefined}
        onChange={(e) => {
          const next = supportedLocale(e.target.value);
          if (next && next !== locale) onChange(next);
        }}
        style={{
          height: 32,
          padding: '0 6px',
          borderRadius: 6,
          border: '1px solid #64748b',
          background: '#fff',
          color: '#0f172a',
          font: 'inherit',
          fontSize: 14,
          cursor: 'pointer',
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l} label={compact ? l.toUpperCase() : LOCALE_NAMES[l]}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * The picker of a signed-in frame (a remote's top bar): the page switches at once and the choice is
 * saved to the profile (`PUT /users/me { locale }`), then the session's user is read again. A failed
 * save leaves the page in the chosen language until the next load.
 */
export function ProfileLanguageSelect({ client, refreshUser }: { client: CorestoneClient; refreshUser: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const choose = (locale: Locale) => {
    setLocale(locale);
    setBusy(true);
    client.users
      .updateMe({ locale })
      .then(() => refreshUser())
      .catch((err: unknown) => console.error('the language could not be saved to the profile', err))
      .finally(() => setBusy(false));
  };
  return <LanguageSelect onChange={choose} busy={busy} />;
}
