import { useId, type ReactNode } from 'react';
import { FieldError } from './FormAlert.tsx';
import type { AbpForm } from './useAbpForm.ts';

/** What the control of a Field is given: its id (the label's `for`), and whether it is invalid and what describes it (its hint, its messages). */
export interface FieldControl {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control of a form, the one way every form draws one: the label,
 * a hint under it, the control (with whatever stands beside it), and the
 * field's messages under all, the control told of the hint and the messages.
 */
export function Field({ form, name, label, hint, children }: { form: AbpForm; name: string; label: string; hint?: ReactNode; children: (control: FieldControl) => ReactNode }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const own = form.field(name);
  const describedBy = [hint ? hintId : undefined, own['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span className="check__hint" id={hintId}>
          {hint}
        </span>
      )}
      {children({ id, 'aria-invalid': own['aria-invalid'], 'aria-describedby': describedBy })}
      <FieldError form={form} name={name} />
    </div>
  );
}
