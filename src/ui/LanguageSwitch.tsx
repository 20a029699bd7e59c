import { useLingui } from '@lingui/react/macro';
import { useId, useMemo, useState } from 'react';
import { useAppConfig, useBootActor, useUserConfiguration } from '../boot/useBoot.ts';
import { useCurrentLanguage } from '../boot/useLanguage.ts';
import { maySaveLanguage, sameLanguage } from '../boot/deviceLanguage.lazy.ts';
import { catalogLocale } from '../i18n/locales.ts';
import { logError } from '../lib/log.ts';
import { mapLocale } from '../../machines/locale.ts';
import '../errors/errors.css';
import './language-switch.css';

/** A language as the switch offers it: the backend's name, its own name for itself, and the catalog it reads. */
interface LanguageChoice {
  name: string;
  label: string;
  lang: string;
}

/** When the backend's list is not there (GetAll failed), the languages the app is translated into, by ABP's template names. */
const BUILT_IN: readonly LanguageChoice[] = [
  { name: 'nl', label: 'Nederlands', lang: 'nl' },
  { name: 'en', label: 'English', lang: 'en' },
];

/**
 * The backend's own languages (`localization.languages`, the disabled ones
 * left out), the current one chosen. Changing it saves it at the backend
 * for whoever may, keeps it on this device for anyone else, and starts
 * again in the new language; the note below says which.
 */
export function LanguageSwitch() {
  const { t } = useLingui();
  const id = useId();
  const noteId = useId();
  const boot = useBootActor();
  const config = useAppConfig();
  const configuration = useUserConfiguration();
  const current = useCurrentLanguage();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const choices = useMemo(() => {
    const mapped = (name: string) => catalogLocale(mapLocale(name, config?.localeMappings ?? []));
    const offered = configuration?.localization.languages
      .filter((language) => !language.isDisabled)
      .map((language) => ({ name: language.name, label: language.displayName || language.name, lang: mapped(language.name) }));
    return offered?.length ? offered : BUILT_IN;
  }, [config, configuration]);
  const same = (a: string, b: string) => (config ? sameLanguage(config, a, b) : a.toLowerCase() === b.toLowerCase());
  const selected = choices.find((choice) => choice.name === current) ?? choices.find((choice) => same(choice.name, current));
  const signedIn = configuration?.session.userId != null;
  // Where the choice is kept: with the account for whoever may save it there, else only in this browser's cookie.
  const note = !signedIn
    ? undefined
    : maySaveLanguage(configuration)
      ? t`Je taal wordt bij je account bewaard en geldt op elk apparaat waarop je inlogt.`
      : t`Deze taal geldt alleen op dit apparaat, in deze browser. Op een ander apparaat kies je de taal daar.`;

  async function change(name: string) {
    setBusy(true);
    setFailed(false);
    try {
      const { switchLanguage } = await import('../boot/switchLanguage.lazy.ts');
      await switchLanguage(boot, name);
    } catch (error) {
      logError('language', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="language-switch">
      <div className="language-switch__field">
        <label htmlFor={id}>{t`Taal`}</label>
        <select
          id={id}
          value={selected?.name ?? current}
          disabled={busy}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => void change(event.target.value)}
        >
          {!selected && <option value={current}>{current}</option>}
          {choices.map((language) => (
            <option key={language.name} value={language.name} lang={language.lang}>
              {language.label}
            </option>
          ))}
        </select>
      </div>
      {note && (
        <p id={noteId} className="note language-switch__note">
          {note}
        </p>
      )}
      {failed && (
        <p className="form-error" role="alert">
          {t`De taal kon niet worden gewijzigd. Probeer het opnieuw.`}
        </p>
      )}
    </div>
  );
}
