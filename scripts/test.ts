/**
 * npm test: the checks (`npm run check`: the type check, ESLint and
 * Prettier, the catalogs) and every vitest project, with the Firefox and
 * WebKit files (the project `engines`) in a second vitest beside the first
 * where the CPUs allow it.
 *
 * With two CPUs or more the checks come first, and a failed one ends the run
 * at once. With one they run beside the engines' vitest, after the unit and
 * node files, and a failure is reported at the end with the others': the
 * core waits with the engines' paths, and the checks' minute fits there.
 *
 * Vitest runs projects that allow one file at a time (as `browser` and
 * `engines` do: each file starts its own browser and stack) in one queue, so
 * on CI's two cores the engines' files would only start after Chromium's.
 * Both mostly wait on real timers, so with two CPUs or more the two queues
 * run side by side, one browser per core. With one CPU (`taskset -c 0`) two
 * browsers would share the core, so the engines' vitest runs beside the unit
 * and node files (which start no browser) and Chromium's files after both:
 * the engines' paths wait on the page's timers, one at a time, and the unit
 * and node files take the core meanwhile.
 *
 * The machine is calibrated once, first (tests/support/limits.ts): the line
 * is printed and the factor handed to both vitests. The production build is
 * made once, before both start (tests/browser/support/globalSetup.ts). The
 * engines' output is printed with `[engines]` before each line (the checks'
 * beside it with `[check]`); each vitest
 * ends with its projects' times, and this script with each vitest's; the
 * exit code is the first failure's.
 *
 * A vitest that failed has its report of the failures (from vitest's
 * "Failed Tests" or "Unhandled Errors" line on) printed again at the very
 * end: the two outputs interleave, and the engines' report would otherwise
 * scroll away under Chromium's last half hour, out of a log's tail.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import buildOnce from '../tests/browser/support/globalSetup.ts';
import { CALIBRATION, describeCalibration } from '../tests/support/limits.ts';

const VITEST = 'node_modules/vitest/vitest.mjs';
const REPORTERS = ['--reporter=default', '--reporter=./tests/support/projectTimes.ts'];

interface Run {
  name: string;
  code: number;
  ms: number;
  /** What vitest printed from its first failure report on (empty when nothing failed). */
  failures: string[];
}

/** Vitest's headings of its failure reports, after the colours are stripped. */
const FAILURE_REPORT = /⎯ (Failed Tests|Unhandled Errors?|Failed Suites) \d*/;
/** Enough of a report to name every failure and its first lines; a run with more has bigger problems. */
const REPORT_LINES = 400;

/** One vitest of these projects. */
function run(projects: readonly string[], prefix?: string): Promise<Run> {
  const args = [VITEST, 'run', ...REPORTERS, ...projects.flatMap((project) => ['--project', project])];
  return spawnRun(projects.join(', '), process.execPath, args, prefix);
}

/** npm's `check` script: the type check, ESLint and Prettier, the catalogs, one after another, stopping at the first that fails. */
const check = (prefix?: string) => spawnRun('check', 'npm', ['run', '-s', 'check'], prefix, { wholeReport: true });

/** Runs a command, its lines printed as they come (after `prefix`); `wholeReport`: all it prints is its report (it prints little unless something fails). */
function spawnRun(name: string, command: string, args: readonly string[], prefix?: string, { wholeReport = false } = {}): Promise<Run> {
  const started = Date.now();
  // TEST_TIME_SCALE is in process.env since the calibration: both vitests use this run's factor.
  const child = spawn(command, args, {
    env: { ...process.env, SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const failures: string[] = [];
  let reporting = wholeReport;
  const ended: Promise<void>[] = [];
  for (const [stream, out] of [
    [child.stdout!, process.stdout],
    [child.stderr!, process.stderr],
  ] as const) {
    const lines = createInterface({ input: stream });
    lines.on('line', (line) => {
      out.write(prefix ? `${prefix} ${line}\n` : `${line}\n`);
      reporting ||= FAILURE_REPORT.test(stripVTControlCharacters(line));
      if (reporting && failures.length < REPORT_LINES) failures.push(line);
    });
    ended.push(new Promise((resolve) => lines.on('close', resolve)));
  }
  return new Promise((resolve) =>
    child.on('close', async (code, signal) => {
      await Promise.all(ended);
      resolve({ name, code: code ?? (signal ? 1 : 0), ms: Date.now() - started, failures });
    }),
  );
}

const besideEachOther = CALIBRATION.cpus >= 2;
console.log(describeCalibration());
console.log(
  besideEachOther
    ? `${CALIBRATION.cpus} CPUs: the engines' files run beside unit, node and browser's`
    : `${CALIBRATION.cpus} CPU: the engines' files run beside unit and node's, browser's after both`,
);
const started = Date.now();
// With two CPUs the checks come first, and a failed one ends the run: it names the fault in a minute, not half an hour.
const checked = besideEachOther ? [await check()] : [];
if (checked[0] && checked[0].code !== 0) {
  console.log(`\ncheck failed (exit code ${checked[0].code}): the tests did not run`);
  process.exit(checked[0].code);
}
const beforeBuild = Date.now();
await buildOnce();
const build = Date.now() - beforeBuild;
const engines = () => run(['engines'], '[engines]');
/** With one CPU the checks run beside the engines' vitest too, after the unit and node files: the core has time to spare there. */
async function oneCpu(): Promise<Run[]> {
  const unitNodeThenCheck = async (): Promise<[Run, Run]> => [await run(['unit', 'node']), await check('[check]')];
  const [[unitNode, checkedBeside], enginesRun] = await Promise.all([unitNodeThenCheck(), engines()]);
  return [unitNode, checkedBeside, enginesRun, await run(['browser'])];
}
const runs = besideEachOther ? [...checked, ...(await Promise.all([run(['unit', 'node', 'browser']), engines()]))] : await oneCpu();
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
for (const failed of runs.filter((done) => done.code !== 0)) {
  console.log(`\n${failed.name} failed (exit code ${failed.code}); its report again:`);
  console.log(failed.failures.length > 0 ? failed.failures.join('\n') : '(it printed no failure report: see its output above)');
}
console.log(
  `build ${seconds(build)}; ${runs.map((done) => `${done.name} ${seconds(done.ms)}`).join('; ')}; whole ${seconds(Date.now() - started)}`,
);
process.exit(runs.find((done) => done.code !== 0)?.code ?? 0);
