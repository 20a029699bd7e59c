import { Trans, useLingui } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSession } from '../boot/useBoot.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { optionalPart } from '../ui/optionalLazy.ts';

/** The sections to open, as tiles (or whom to ask for a role): they come with the list of sections, which the start never carries. */
const SectionTiles = optionalPart(() => import('./HomeTiles.lazy.tsx').then((module) => module.SectionTiles));

/** Today's date, with the tiles: its line keeps its height meanwhile, so nothing moves when it comes. */
const Today = optionalPart(() => import('./Today.lazy.tsx').then((module) => module.Today));

/** Set when /app/home is on screen; the benchmark measures start-up up to this mark. */
export const HOME_RENDERED_MARK = 'app-home-rendered';

function Home() {
  const { t } = useLingui();
  const session = useSession();
  const user = session?.user;
  useEffect(() => {
    performance.mark(HOME_RENDERED_MARK);
  }, []);
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={t`Start`}>{user?.name ? <Trans>Welkom, {user.name}</Trans> : <Trans>Welkom</Trans>}</PageHeading>
      <p className="line">
        <Today />
      </p>
      <SectionTiles />
    </main>
  );
}

export const Route = createLazyRoute('/_shell/app/home')({ component: Home });
