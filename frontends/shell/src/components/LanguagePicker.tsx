import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { App as AntApp } from 'antd';
import { errorMessage, setLocale, type Locale } from '@corestone/sdk';
import { LanguageSelect } from '@corestone/ui/language-select';
import { ERROR_TOAST_SECONDS } from '@corestone/ui/theme';
import { useSession } from '../session';

/**
 * The interface language (issue 36), in the header of every page. Signed out, the choice is kept on
 * this device; signed in, it is saved to the profile (it then follows the person to other devices).
 * Either way the page switches at once.
 */
export function LanguagePicker({ compact }: { compact?: boolean }) {
  const intl = useIntl();
  // a failure is told after the switch: in the new language, not the one this render had
  const latestIntl = useRef(intl);
  latestIntl.current = intl;
  const { user, saveLocale } = useSession();
  const { notification } = AntApp.useApp();
  const [saving, setSaving] = useState(false);

  const choose = async (next: Locale) => {
    if (!user) return setLocale(next, { remember: true });
    setSaving(true);
    try {
      await saveLocale(next);
    } catch (err) {
      const intl = latestIntl.current;
      notification.error({
        title: intl.formatMessage({ id: 'language.saveFailedTitle', defaultMessage: 'Language not saved' }),
        description: errorMessage(
          err,
          intl.formatMessage({
            id: 'language.saveFailed',
            defaultMessage: 'Your language could not be saved to your profile. It applies on this page until you reload.',
          }),
        ),
        duration: ERROR_TOAST_SECONDS,
      });
    } finally {
      setSaving(false);
    }
  };

  return <LanguageSelect onChange={(l) => void choose(l)} busy={saving} compact={compact} />;
}
