import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useCurrentLanguage } from '../boot/useLanguage.ts';
import type { Locale } from '../i18n/locales.ts';
import { logError } from '../lib/log.ts';
import './errors/errors.css';
import './language-switch.css';

/** ABP language names as the language switch offers them, with the catalog each uses. */
export const LANGUAGES = [
  { name: 'nl', label: 'Nederlands', locale: 'nl' },
  { name: 'en-US', label: 'English', locale: 'en' },
] as const satisfies readonly { name: string; label: string; locale: Locale }[];

/** nl or en-US; changing it tells the server (when signed in) and starts again in the new language. */
export function LanguageSwitch() {
  const { t } = useLingui();
  const id = useId();
  const current = useCurrentLanguage();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function change(name: string) {
    setBusy(true);
    setFailed(false);
    try {
      const { switchLanguage } = await import('../boot/switchLanguage.lazy.ts');
      await switchLanguage(name);
    } catch (error) {
      logError('language', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="language-switch">
      <label htmlFor={id}>{t`Taal`}</label>
      <select id={id} value={current} disabled={busy} onChange={(event) => void change(event.target.value)}>
        {LANGUAGES.map((language) => (
          <option key={language.name} value={language.name} lang={language.locale}>
            {language.label}
          </option>
        ))}
      </select>
      {failed && (
        <p className="form-error" role="alert">
          {t`De taal kon niet worden gewijzigd. Probeer het opnieuw.`}
        </p>
      )}
    </div>
  );
}
