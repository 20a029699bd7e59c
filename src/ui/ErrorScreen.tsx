import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading.tsx';
import './card.css';

export interface ErrorScreenProps {
  /** What happened, in a few words: the heading and the tab's title. */
  title: string;
  message: ReactNode;
  /** The way forward: a button or a link; none where the page goes on by itself and the connection banner offers to try now. */
  action?: ReactNode;
  /** The page waits for the connection: marked for the connection banner, which then says the page opens once it is back. */
  waitsForConnection?: boolean;
}

/** A full-page failure: what happened in plain Dutch and what to do next. Never blank. */
export function ErrorScreen({ title, message, action, waitsForConnection }: ErrorScreenProps) {
  return (
    <main className="page page--centered" data-waits-for-connection={waitsForConnection || undefined}>
      <section className="card" role="alert" aria-labelledby="error-title">
        <PageHeading id="error-title" title={title} />
        <p>{message}</p>
        {action && <div className="card__actions">{action}</div>}
      </section>
    </main>
  );
}
