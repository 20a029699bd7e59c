import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSession, useUserConfiguration } from '../boot/useBoot.ts';
import { knownMenu } from '../sections/menu.lazy.ts';
import { environmentName } from './environmentName.ts';
import { sectionByKey } from '../sections/sections.lazy.ts';
import './home-tiles.css';

/**
 * Home's tiles: the sections the person may open, as the menu shows them, in
 * its order and by the same names, each with its icon and one line about
 * it (for a section whose screens are still to come, that they are); someone who may open none reads whom to ask for a role. They come
 * with the list of sections, which the start never carries.
 */
export function SectionTiles() {
  const { i18n } = useLingui();
  const entries = knownMenu(useUserConfiguration(), i18n).flatMap(({ key, name }) => {
    const section = sectionByKey(key);
    return section ? [{ section, name }] : [];
  });
  const tenant = useSession()?.tenant;
  const company = tenant ? environmentName(tenant) : undefined;
  // ABP registers a new colleague at the first sign-in with no role: signed in, and nothing to open.
  if (entries.length === 0) {
    return (
      <section className="tiles tiles--none" aria-labelledby="no-sections-title">
        <h2 id="no-sections-title">
          <Trans>Je hebt nog geen toegang tot een onderdeel</Trans>
        </h2>
        <p>
          {company ? (
            <Trans>
              Je bent ingelogd, maar je account heeft nog geen rol. Vraag een beheerder van {company} om je een rol te geven; daarna zie je
              hier en in het menu de onderdelen waarin je kunt werken. Is {company} net aangemaakt en word jij de eerste beheerder? Dan is
              er nog niemand die dat kan: vraag het aan centraal beheer, dat de omgeving heeft aangemaakt en jou de beheerrechten geeft.
            </Trans>
          ) : (
            <Trans>
              Je bent ingelogd, maar je account heeft nog geen rol. Vraag een beheerder om je een rol te geven; daarna zie je hier en in het
              menu de onderdelen waarin je kunt werken.
            </Trans>
          )}
        </p>
        {/* ABP registers whoever it does not know in the environment of the sign-in: someone who belongs elsewhere (central administration too) lands here. */}
        <p>
          {tenant ? (
            <Trans>
              Je bent in de omgeving <strong>{environmentName(tenant)}</strong>. Hoort je account bij een andere omgeving of bij centraal
              beheer?
            </Trans>
          ) : (
            <Trans>
              Je bent in <strong>centraal beheer</strong>. Hoort je account bij een omgeving?
            </Trans>
          )}{' '}
          <Link to="/account/login" search={{ environment: 'choose' }}>
            <Trans>Kies een andere omgeving</Trans>
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="tiles" aria-labelledby="tiles-title">
      <h2 id="tiles-title">
        <Trans>Je onderdelen</Trans>
      </h2>
      {entries.some(({ section }) => section.comingLater) && (
        <p className="tiles__note">
          <Trans>Onderdelen die in voorbereiding zijn, hebben nog geen schermen; die komen in een volgende versie.</Trans>
        </p>
      )}
      <ul>
        {entries.map(({ section, name }) => (
          <li key={section.key}>
            <Link
              to="/$section/$"
              params={{ section: section.key, _splat: '' }}
              className={section.comingLater ? 'tile tile--later' : 'tile'}
            >
              <svg className="tile__icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d={section.icon} />
              </svg>
              <span className="tile__name">{name}</span>
              {/* A section whose screens are still to come promises nothing it cannot do yet. */}
              {section.comingLater ? (
                <span className="tile__summary tile__later">
                  <Trans>In voorbereiding</Trans>
                </span>
              ) : (
                <span className="tile__summary">{i18n._(section.summary)}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
