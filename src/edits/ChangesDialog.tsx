import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ChangesDialogProps {
  title: string;
  /** What happened and what the person can do, read out with the title. */
  said: ReactNode;
  /** The table of what changed, then the person's choices. */
  children: ReactNode;
}

/**
 * The frame of a dialog about someone else's changes (OtherChanges before a
 * save, ChangedAfterWrite after one). It opens above the save button, out of
 * sight on a phone: brought into view and to the screen reader.
 */
export function ChangesDialog({ title, said, children }: ChangesDialogProps) {
  const prefix = useId();
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <section
      ref={box}
      tabIndex={-1}
      className="other-changes"
      role="alertdialog"
      aria-labelledby={`${prefix}-title`}
      aria-describedby={`${prefix}-said`}
    >
      <h2 id={`${prefix}-title`}>{title}</h2>
      <p id={`${prefix}-said`}>{said}</p>
      {children}
    </section>
  );
}
