import { describe, expect, it } from 'vitest';
import { PageNotRendered } from '../../scripts/bench/measure/browser.ts';
import { stalledScripts } from '../../scripts/bench/measure/measure.ts';

const APP = 'http://localhost:4300';

describe("the bench's reading of a start on an emulated link that did not render", () => {
  it("names the app's own scripts the page still waited for: no app code ran, so the run is tried again", () => {
    const error = new PageNotRendered('not rendered', [
      `${APP}/assets/app-k0oS4cM7.js`,
      `${APP}/assets/app-Cx8LXnRP.css`,
      'http://localhost:4301/AbpUserConfiguration/GetAll?culture=nl',
    ]);
    expect(stalledScripts(error, `${APP}/`)).toEqual([`${APP}/assets/app-k0oS4cM7.js`]);
  });

  it('names nothing when the scripts had arrived and the page waited for the API, or failed otherwise: such a run ends the bench', () => {
    const waitingForApi = new PageNotRendered('not rendered', [
      'http://localhost:4301/AbpUserConfiguration/GetAll?culture=nl',
      `${APP}/assets/app-Cx8LXnRP.css`,
    ]);
    expect(stalledScripts(waitingForApi, APP)).toEqual([]);
    expect(stalledScripts(new PageNotRendered('not rendered', ['http://localhost:9999/assets/other.js']), APP)).toEqual([]);
    expect(stalledScripts(new Error(`not rendered, waiting for ${APP}/assets/app-k0oS4cM7.js`), APP)).toEqual([]);
  });
});
