/**
 * npm test's vitest part: every project, with the Firefox and WebKit files
 * (the project `engines`) in a second vitest beside the first.
 *
 * Vitest runs projects that allow one file at a time (as `browser` and
 * `engines` do: each file starts its own browser and stack) in one queue, so
 * on CI's two cores the engines' files would only start after Chromium's.
 * Both mostly wait on real timers, so running the two queues side by side
 * takes little longer than the longer of them. The production build is made
 * once, before both start (tests/browser/support/globalSetup.ts). The
 * engines' output is printed with `[engines]` before each line; the exit
 * code is the first failure's.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import buildOnce from '../tests/browser/support/globalSetup.ts';

const VITEST = 'node_modules/vitest/vitest.mjs';

function run(projects: readonly string[], prefix?: string): Promise<number> {
  const args = [VITEST, 'run', ...projects.flatMap((project) => ['--project', project])];
  const child = spawn(process.execPath, args, { env: { ...process.env, SKIP_BUILD: '1' }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
    }
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

await buildOnce();
const codes = await Promise.all([run(['unit', 'node', 'browser']), run(['engines'], '[engines]')]);
process.exit(codes.find((code) => code !== 0) ?? 0);
