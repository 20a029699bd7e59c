import { cpSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { newBenchContext } from './browser.ts';

/**
 * The machine's own floor for the appconfig figure: the app's index.html with
 * its scripts and styles taken out and one line of script that requests the
 * config. No app can issue the request earlier than this page does on the same
 * machine, so it tells a slow machine from a slow app.
 */
export const BARE_SCRIPT = 'bare-page.js';

export function writeBarePage(appDist: string, target: string): void {
  rmSync(target, { recursive: true, force: true });
  cpSync(appDist, target, { recursive: true });
  const html = readFileSync(join(target, 'index.html'), 'utf8')
    .replace(/\s*<script\b[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, '')
    .replace('</head>', `  <script type="module" src="/assets/${BARE_SCRIPT}"></script>\n  </head>`);
  writeFileSync(join(target, 'index.html'), html);
  // The app's compressed copies came along; written in the same clock tick as
  // the new index.html they would pass for fresh and be sent instead of it.
  for (const copy of ['index.html.br', 'index.html.gz']) rmSync(join(target, copy), { force: true });
  writeFileSync(
    join(target, 'assets', BARE_SCRIPT),
    "window.__bareRequest = performance.now();\nfetch('/assets/appconfig.production.json', { cache: 'no-store', credentials: 'same-origin' });\n",
  );
}

/** When the bare page's one script sent the config request, from navigation start. */
export async function measureBarePage(browser: Browser, appUrl: string): Promise<{ appconfigStart: number; fcp: number | undefined }> {
  const context = await newBenchContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(new URL('/app/home', appUrl).href, { waitUntil: 'load' });
    for (let attempt = 0; attempt < 500; attempt += 1) {
      const timing = await page.evaluate(() => ({
        appconfigStart: (window as unknown as { __bareRequest?: number }).__bareRequest,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      if (timing.appconfigStart !== undefined) return { appconfigStart: timing.appconfigStart, fcp: timing.fcp };
      await page.waitForTimeout(20);
    }
    throw new Error('The bare page never sent its config request.');
  } finally {
    await context.close();
  }
}
