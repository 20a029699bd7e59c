import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppModel } from '../models/app.model.ts';
import { browserEnv } from '../support/env.ts';
import { QUIET_MS } from '../../support/limits.ts';

const env = browserEnv();

describe('the Stately inspector stays out of production', () => {
  it('is in no file of the production build', () => {
    const assets = join('dist', 'assets');
    const offending = readdirSync(assets).filter((file) => readFileSync(join(assets, file), 'utf8').toLowerCase().includes('statelyai'));
    expect(offending).toEqual([]);
  });

  it('opens no inspector window from the production build, even with ?inspect', async () => {
    const popups: string[] = [];
    const outside: string[] = [];
    await env.context.route(/stately\.ai/, (route) => {
      outside.push(route.request().url());
      return route.abort();
    });
    const app = await AppModel.newPage(env.watched);
    app.page.on('popup', (popup) => popups.push(popup.url()));
    await app.goto('/?inspect');
    await app.person.waitForLoginPage();
    await app.page.waitForTimeout(QUIET_MS);
    expect(popups).toEqual([]);
    expect(outside).toEqual([]);
  });
});
