import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { NL } from '../models/texts.ts';
import { browserEnv } from '../support/env.ts';
import { QUIET_MS } from '../../support/limits.ts';

/** The message ids of the build's later catalogs (`pages`), read from the chunks themselves. */
function pagesMessageIds(): string[] {
  const assets = resolve('dist/assets');
  const ids = new Set<string>();
  for (const file of readdirSync(assets).filter((name) => /^pages-[\w-]+\.js$/.test(name))) {
    // Lingui's ids are six characters of base64; each is a key of the compiled catalog.
    for (const match of readFileSync(join(assets, file), 'utf8').matchAll(/"([A-Za-z0-9+/]{6})":\[/g)) ids.add(match[1]!);
  }
  return [...ids];
}

const env = browserEnv();

describe('the later catalog (pages) arriving late', () => {
  it('a reload of /app/home shows Home from the start catalog, with no message id on the screen or in the tab title, while the pages catalog is on its way', async () => {
    const ids = pagesMessageIds();
    expect(ids.length, 'ids read from the build').toBeGreaterThan(20);
    const app = await AppModel.newPage(env.watched);
    await app.person.signInToHome();

    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let asked = false;
    const hold = async (route: Route) => {
      asked = true;
      await held;
      await route.continue().catch(() => undefined);
    };
    await app.page.route(/\/assets\/pages-[\w-]+\.js$/, hold);
    await app.page.reload();
    // Home's own texts are in the start's catalog: it is on screen, in Dutch, while the later catalog is held.
    await app.waitForHeading(NL.shell.welcome);
    expect(await app.page.title()).toMatch(/^Start · /);
    // Its tiles come with the later catalog, which the page asks for after Home is drawn.
    await expect.poll(() => asked, { message: 'the catalog asked for' }).toBe(true);
    await app.page.waitForTimeout(QUIET_MS);
    const shown = `${await app.page.title()}\n${await app.page.locator('body').innerText()}`;
    const words = new Set(shown.split(/\s+/));
    expect(
      ids.filter((id) => words.has(id) || shown.includes(id)),
      'message ids on screen',
    ).toEqual([]);
    expect(await app.page.getByRole('heading', { name: NL.home.tiles }).count(), 'tiles without their catalog').toBe(0);

    release();
    await app.page.getByRole('heading', { name: NL.home.tiles }).waitFor();
    expect(await app.page.title()).not.toMatch(new RegExp(ids.map((id) => id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')));
    expect(app.consoleMatching(/Uncompiled message/), 'Lingui warnings of untranslated messages').toEqual([]);
  });
});
