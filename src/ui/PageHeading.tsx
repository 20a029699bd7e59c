import { useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';

export interface PageHeadingProps {
  /** The page's name in the browser tab and history: "Verkoop" becomes "Verkoop · Medewerkersportaal". */
  title: string;
  /** What the heading shows, when it says more than the title ("Welkom, Piet"). */
  children?: ReactNode;
  id?: string;
}

/** A page's one `h1`, which also names the page in the tab; focus lands on it after a navigation. */
export function PageHeading({ title, children, id = 'page-title' }: PageHeadingProps) {
  const { t } = useLingui();
  const app = t`Medewerkersportaal`;
  useEffect(() => {
    // "Verkoop · Medewerkersportaal": the page first, so tabs and history tell pages apart.
    document.title = `${title} · ${app}`;
  }, [title, app]);
  return (
    <h1 id={id} tabIndex={-1}>
      {children ?? title}
    </h1>
  );
}
