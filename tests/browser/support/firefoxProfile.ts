import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFirefox } from './engines/firefox.ts';

/** What a profile keeps of the one start that made it and no copy may take: the lock of that Firefox, its session, its cache. */
const LEFT_BY_THE_START = ['lock', '.parentlock', 'sessionstore.jsonlz4', 'sessionstore-backups', 'sessionCheckpoints.json', 'cache2'];

/**
 * The engines' Firefox profile: Firefox started once in an empty folder, at
 * about:blank, and ended, so its databases, certificate stores and start-up
 * cache are made once a run and not at every launch; each launch starts in a
 * copy of its own (engines/firefox.ts). No page of any site was opened in
 * it, so no copy holds a cookie or stored data; the prefs of each launch are
 * written anew into its copy. Removed when the project ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const profile = await mkdtemp(join(tmpdir(), 'firefox-template-'));
  const firefox = await startFirefox(profile, { languages: 'nl-NL,nl' });
  const [page] = await firefox.browser.pages();
  await page?.goto('about:blank');
  // The browser ended, not `firefox.close()`: that removes the profile.
  await firefox.browser.close();
  await Promise.all(LEFT_BY_THE_START.map((name) => rm(join(profile, name), { recursive: true, force: true })));
  project.provide('firefoxProfile', profile);
  return () => rm(profile, { recursive: true, force: true });
}
