import { useId, type ReactNode } from 'react';
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

/** What a field's input is given: its id for the label, its name, and the ARIA pointing at its hint and its messages. */
export interface FieldInputProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field of a form: the label, a hint under it when there is one,
 * the input (the children draw it with the props they are given), and the
 * field's validation messages, which the input's `aria-describedby` names
 * together with the hint. Every form's fields are this one.
 */
export function Field({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: AbpForm;
  name: string;
  label: string;
  hint?: string;
  children: (props: FieldInputProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const aria = form.field(name);
  const describedBy = [hint ? hintId : undefined, aria['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
      {children({ id, name, 'aria-invalid': aria['aria-invalid'], 'aria-describedby': describedBy })}
      <FieldError form={form} name={name} />
    </div>
  );
}
