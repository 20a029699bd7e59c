import { useLingui } from '@lingui/react/macro';
import { useState, type InputHTMLAttributes } from 'react';
import './password-input.css';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The field's label, so each field's button has its own name ("Huidig wachtwoord tonen"). */
  label: string;
}

/**
 * A password field whose typed text can be shown, to check a long password
 * before it is sent. The button keeps one name ("Tonen", and the field's
 * label for a screen reader) and says its state with aria-pressed and its
 * look (pressed, the eye struck through): a toggle whose name changed would
 * be announced as another button. Focus stays on it. The field stays the same element,
 * so the password manager's autocomplete keeps working when it is shown.
 */
export function PasswordInput({ label, className, ...input }: PasswordInputProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input">
      <input
        {...input}
        className={className}
        type={shown ? 'text' : 'password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-pressed={shown}
        aria-label={t`${label} tonen`}
        onClick={() => setShown(!shown)}
      >
        <svg
          aria-hidden="true"
          focusable="false"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
          {shown && <path d="M3 3l18 18" />}
        </svg>
        <span aria-hidden="true">{t`Tonen`}</span>
      </button>
    </span>
  );
}
