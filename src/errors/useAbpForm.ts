import { useLingui } from '@lingui/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { logError } from '../lib/log.ts';
import { useUserConfiguration } from '../boot/useBoot.ts';
import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { describeError, type ErrorView } from './describeError.ts';
import { identityErrorField } from './identityErrors.ts';

/** An identity refusal ("Gebruikersnaam 'x' is al in gebruik.") goes next to the field it is about, when the form has it. */
function placeIdentityError(view: ErrorView, fields: readonly string[], configuration: UserConfiguration | undefined): ErrorView {
  if (Object.keys(view.fields).length > 0) return view;
  // A 500's own words follow the screen's sentence as details; without a screen's sentence they are the message.
  const said = view.details ?? view.message;
  const field = said ? identityErrorField(said, configuration?.localization.values) : undefined;
  const name = field && fields.find((candidate) => candidate.toLowerCase() === field.toLowerCase());
  return name ? { action: view.action, message: '', fields: { [name]: [said] }, general: [] } : view;
}

export interface AbpFormOptions {
  /** The names ABP's `validationErrors[].members` use for the form's inputs. */
  fields: readonly string[];
  /** Where failures are logged (`[tenant]`). */
  area: string;
  /** What failed, in the form's words, for a failure with no better words (see describeError). */
  fallback?: string;
}

/** A form's state for `FormAlert` and `FieldError`. */
export interface AbpForm {
  busy: boolean;
  error: ErrorView | undefined;
  /** Runs the action on submit: busy meanwhile, and deaf to another submit; a failure is logged and shown, field by field. */
  onSubmit: (action: () => Promise<void>) => (event?: FormEvent) => void;
  /** An outcome the form itself calls a failure (a name not found): said like a server's message. */
  fail: (message: string, field?: string) => void;
  /** Several fields wrong at once, each said next to its field (none: nothing to say). */
  failFields: (messages: Readonly<Record<string, string>>) => boolean;
  /** The ARIA attributes of a field, pointing at its messages. */
  field: (name: string) => { 'aria-invalid': boolean; 'aria-describedby': string | undefined };
  errorId: (name: string) => string;
}

/**
 * Every form that calls the backend: each validation message lands next to
 * the field its `members` name, the rest in the form's alert; a request
 * without an answer also brings up the connection banner. Nothing typed is
 * lost: the form keeps its values whatever the answer. One action at a time:
 * a second submit while one runs (a double click, Enter pressed twice,
 * before the button shows it is busy) is ignored, so nothing is created or
 * saved twice.
 */
export function useAbpForm({ fields, area, fallback }: AbpFormOptions): AbpForm {
  const { i18n } = useLingui();
  const configuration = useUserConfiguration();
  const prefix = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorView>();
  const running = useRef(false);
  const errorId = (name: string) => `${prefix}-${name}-error`;

  async function run(action: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      logError(area, failure);
      setError(
        placeIdentityError(describeError(failure, i18n, { fieldNames: fields, ...(fallback ? { fallback } : {}) }), fields, configuration),
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  return {
    busy,
    error,
    onSubmit: (action) => (event) => {
      event?.preventDefault();
      void run(action);
    },
    fail: (message, field) =>
      setError(
        field
          ? { action: 'retry', message: '', fields: { [field]: [message] }, general: [] }
          : { action: 'retry', message, fields: {}, general: [] },
      ),
    failFields: (messages) => {
      const named = Object.entries(messages);
      if (named.length > 0)
        setError({
          action: 'retry',
          message: '',
          fields: Object.fromEntries(named.map(([name, message]) => [name, [message]])),
          general: [],
        });
      return named.length > 0;
    },
    field: (name) => ({
      'aria-invalid': Boolean(error?.fields[name]),
      'aria-describedby': error?.fields[name] ? errorId(name) : undefined,
    }),
    errorId,
  };
}
