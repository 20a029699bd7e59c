/**
 * npm test's vitest part: every project, with the Firefox and WebKit files
 * (the project `engines`) in a second vitest beside the first where the
 * CPUs allow it.
 *
 * Vitest runs projects that allow one file at a time (as `browser` and
 * `engines` do: each file starts its own browser and stack) in one queue, so
 * on CI's two cores the engines' files would only start after Chromium's.
 * Both mostly wait on real timers, so with two CPUs or more the two queues
 * run side by side, one browser per core. With one CPU (`taskset -c 0`) two
 * browsers would share the core: the engines' vitest then starts after the
 * first has ended.
 *
 * The machine is calibrated once, first (tests/support/limits.ts): the line
 * is printed and the factor handed to both vitests. The production build is
 * made once, before both start (tests/browser/support/globalSetup.ts). The
 * engines' output is printed with `[engines]` before each line; each vitest
 * ends with its projects' times, and this script with each vitest's; the
 * exit code is the first failure's.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import buildOnce from '../tests/browser/support/globalSetup.ts';
import { CALIBRATION, describeCalibration } from '../tests/support/limits.ts';

const VITEST = 'node_modules/vitest/vitest.mjs';
const REPORTERS = ['--reporter=default', '--reporter=./tests/support/projectTimes.ts'];

interface Run {
  name: string;
  code: number;
  ms: number;
}

function run(projects: readonly string[], prefix?: string): Promise<Run> {
  const args = [VITEST, 'run', ...REPORTERS, ...projects.flatMap((project) => ['--project', project])];
  const started = Date.now();
  // TEST_TIME_SCALE is in process.env since the calibration: both vitests use this run's factor.
  const child = spawn(process.execPath, args, {
    env: { ...process.env, SKIP_BUILD: '1' },
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (prefix) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => process.stdout.write(`${prefix} ${line}\n`));
    }
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ name: projects.join(', '), code: code ?? (signal ? 1 : 0), ms: Date.now() - started })),
  );
}

const besideEachOther = CALIBRATION.cpus >= 2;
console.log(describeCalibration());
console.log(
  besideEachOther
    ? `${CALIBRATION.cpus} CPUs: the engines' files run beside unit, node and browser's`
    : `${CALIBRATION.cpus} CPU: the engines' files run after unit, node and browser's`,
);
const started = Date.now();
await buildOnce();
const build = Date.now() - started;
const main = () => run(['unit', 'node', 'browser']);
const engines = () => run(['engines'], '[engines]');
const runs = besideEachOther ? await Promise.all([main(), engines()]) : [await main(), await engines()];
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
console.log(
  `build ${seconds(build)}; ${runs.map((done) => `${done.name} ${seconds(done.ms)}`).join('; ')}; whole ${seconds(Date.now() - started)}`,
);
process.exit(runs.find((done) => done.code !== 0)?.code ?? 0);
