import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFirefox, type SharedFirefox } from './engines/firefox.ts';
import { DEFAULT_PREFS } from './engines/tab.ts';
import { LOOK_EVERY_MS, OUTCOME_MS } from '../../support/limits.ts';

/** What a profile keeps of the one start that made it and no copy may take: the lock of that Firefox, its session, its cache. */
const LEFT_BY_THE_START = ['lock', '.parentlock', 'sessionstore.jsonlz4', 'sessionstore-backups', 'sessionCheckpoints.json', 'cache2'];

/**
 * The engines' Firefox profile: Firefox started once in an empty folder, at
 * about:blank, and ended, so its databases, certificate stores and start-up
 * cache are made once a run and not at every launch; each launch starts in a
 * copy of its own (engines/firefox.ts). No page of any site was opened in
 * it, so no copy holds a cookie or stored data; the prefs of each launch are
 * written anew into its copy.
 *
 * And the run's Firefox, started in another copy with the default prefs
 * (Dutch, third-party cookies blocked): a file whose browser has those
 * connects to it rather than launching one (`SharedFirefox`). Its session is
 * given up here at once, for the files to take in turn. Both are removed
 * when the project ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const profile = await mkdtemp(join(tmpdir(), 'firefox-template-'));
  const firefox = await startFirefox(profile, DEFAULT_PREFS);
  const [page] = await firefox.browser.pages();
  await page?.goto('about:blank');
  // The browser ended, not `firefox.close()`: that removes the profile.
  await firefox.browser.close();
  await Promise.all(LEFT_BY_THE_START.map((name) => rm(join(profile, name), { recursive: true, force: true })));
  project.provide('firefoxProfile', profile);

  const sharedProfile = await mkdtemp(join(tmpdir(), 'firefox-shared-'));
  await cp(profile, sharedProfile, { recursive: true });
  const run = await startFirefox(sharedProfile, DEFAULT_PREFS);
  const shared: SharedFirefox = { endpoint: run.browser.wsEndpoint(), ...DEFAULT_PREFS };
  const child = run.browser.process();
  await run.browser.disconnect();
  project.provide('firefoxShared', shared);

  return async () => {
    // Its session was given up, so it is ended as a process: puppeteer's own `close` would need one.
    if (child && child.exitCode === null) {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // Unref'd: a timer left running would hold vitest's process open for its whole time.
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, OUTCOME_MS).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    // Retried: a content process of the ended browser may still write its last files into the profile while it is removed (ENOTEMPTY).
    const removed = { recursive: true, force: true, maxRetries: 5, retryDelay: LOOK_EVERY_MS } as const;
    await Promise.all([rm(profile, removed), rm(sharedProfile, removed)]);
  };
}
