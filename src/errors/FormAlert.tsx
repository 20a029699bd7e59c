import './errors.css';
import type { ErrorView } from './describeError.ts';
import type { AbpForm } from './useAbpForm.ts';

/** The form's own message (and validation messages for no field): one alert, read out when it appears. */
export function FormAlert({ form }: { form: AbpForm }) {
  return <ErrorAlert error={form.error} />;
}

/** A failure on a screen, inline: its message, the server's details, messages for no field. */
export function ErrorAlert({ error }: { error: ErrorView | undefined }) {
  if (!error || (!error.message && error.general.length === 0)) return null;
  return (
    <div className="form-alert" role="alert">
      {error.message && <p className="form-error">{error.message}</p>}
      {error.details && <p>{error.details}</p>}
      {error.general.length > 0 && (
        <ul>
          {error.general.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A field's validation messages, under the field it describes (`form.field(name)` points at them). */
export function FieldError({ form, name }: { form: AbpForm; name: string }) {
  const messages = form.error?.fields[name];
  if (!messages) return null;
  return (
    <p id={form.errorId(name)} className="form-error field-error" role="alert">
      {messages.join(' ')}
    </p>
  );
}
