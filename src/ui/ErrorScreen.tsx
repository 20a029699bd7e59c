import type { ReactNode } from 'react';

export interface ErrorScreenProps {
  title: ReactNode;
  message: ReactNode;
  /** The way forward: a button or a link. */
  action: ReactNode;
}

/** A full-page failure: what happened in plain Dutch and what to do next. Never blank. */
export function ErrorScreen({ title, message, action }: ErrorScreenProps) {
  return (
    <main className="page page--centered">
      <section className="card" role="alert" aria-labelledby="error-title">
        <h1 id="error-title">{title}</h1>
        <p>{message}</p>
        <div className="card__actions">{action}</div>
      </section>
    </main>
  );
}
