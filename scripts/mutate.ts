/**
 * Mutation testing of the machines (docs/testing.md, "Mutation testing"):
 * Stryker changes machines/*.machine.ts one fault at a time (a guard that
 * always passes, a target or delay changed, an action dropped) and runs the
 * generated paths and model tests (vitest.mutate.config.ts) against each.
 * Then per machine and overall the score against everything, and for a
 * machine with rules (tests/model/rules) the score against the rules alone:
 *
 *   mutation score token: 97% (killed 160 of 165, 5 survived)
 *   mutation score token (rules): 88% (killed 145 of 165, 20 survived)
 *
 * The first counts a mutant found by any test, the recorded traces among
 * them (which see that the machine changed); the second only those a rule
 * found (which see that the machine is wrong). The exit code is 1 when one
 * is below its threshold (THRESHOLD, RULES_THRESHOLD). Arguments go
 * to `stryker run` (`npm run mutate -- --force` tests every mutant again,
 * not only those whose code or tests changed since the last run). The HTML
 * report is reports/mutation/index.html.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/** Per machine and overall, in percent. */
const THRESHOLD = 90;
/** Per machine with rules, against the rules alone, in percent. */
const RULES_THRESHOLD = 85;
/** The machines whose rules are held to RULES_THRESHOLD. */
const RULED = ['connectivity', 'inactivity', 'token'];
/** The end of every rules test's name (tests/model/support/unitPaths.ts, RULES_TEST). */
const RULES_TEST = "keeps the session's rules";

const ROOT = resolve(import.meta.dirname, '..');
const STRYKER = resolve(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const REPORT = resolve(ROOT, 'reports/mutation/mutation.json');

/** The part of Stryker's JSON report (mutation-testing-report-schema) read here. */
interface Report {
  files: Record<string, { mutants: { status: string; killedBy?: string[] }[] }>;
  /** The tests by file, each with its id (what `killedBy` names) and name. */
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

/** Found by a test: a test failed, or the mutant made the tests run far longer than without it (an endless loop). */
const DETECTED = new Set(['Killed', 'Timeout']);
/** Run and not found, or reached by no test at all. */
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

interface Score {
  name: string;
  killed: number;
  survived: number;
}

function scoreOf(name: string, statuses: string[]): Score {
  return { name, killed: statuses.filter((status) => DETECTED.has(status)).length, survived: statuses.filter((status) => UNDETECTED.has(status)).length };
}

/** Whole percent, rounded down: 89.9 % is below 90 %. A machine without mutants has nothing to miss. */
function percent({ killed, survived }: Score): number {
  const valid = killed + survived;
  return valid === 0 ? 100 : Math.floor((killed / valid) * 100);
}

function stryker(args: string[]): Promise<number> {
  const child = spawn(process.execPath, [STRYKER, 'run', ...args], { cwd: ROOT, stdio: 'inherit' });
  return new Promise((done) => child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0))));
}

const code = await stryker(process.argv.slice(2));
if (code !== 0) {
  console.error(`stryker run ended with exit code ${code}; no scores`);
  process.exit(code);
}
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
const machines = Object.entries(report.files)
  .map(([file, { mutants }]) => scoreOf(basename(file, '.machine.ts'), mutants.map((mutant) => mutant.status)))
  .sort((a, b) => a.name.localeCompare(b.name));
const testNames = new Map(Object.values(report.testFiles ?? {}).flatMap(({ tests }) => tests.map((test) => [test.id, test.name] as const)));
/** A mutant found by a rule: a rules test failed on it (stryker.config.json's disableBail runs every test, so each that fails is named), or it never ended. */
const byRules = (mutant: { status: string; killedBy?: string[] }) =>
  mutant.status === 'Timeout' || (mutant.status === 'Killed' && (mutant.killedBy ?? []).some((id) => (testNames.get(id) ?? id).endsWith(RULES_TEST)));
const ruled = Object.entries(report.files)
  .map(([file, { mutants }]) => ({ name: basename(file, '.machine.ts'), mutants }))
  .filter(({ name }) => RULED.includes(name))
  .map(({ name, mutants }) =>
    scoreOf(
      `${name} (rules)`,
      mutants.filter((mutant) => DETECTED.has(mutant.status) || UNDETECTED.has(mutant.status)).map((mutant) => (byRules(mutant) ? 'Killed' : 'Survived')),
    ),
  )
  .sort((a, b) => a.name.localeCompare(b.name));
const overall = scoreOf(
  'overall',
  Object.values(report.files).flatMap(({ mutants }) => mutants.map((mutant) => mutant.status)),
);
console.log('');
for (const score of [...machines, overall, ...ruled]) {
  console.log(`mutation score ${score.name}: ${percent(score)}% (killed ${score.killed} of ${score.killed + score.survived}, ${score.survived} survived)`);
}
const below = [
  ...[...machines, overall].filter((score) => percent(score) < THRESHOLD).map(({ name }) => `${name} (below ${THRESHOLD}%)`),
  ...ruled.filter((score) => percent(score) < RULES_THRESHOLD).map(({ name }) => `${name} (below ${RULES_THRESHOLD}%)`),
];
if (below.length > 0) {
  console.error(`${below.join(', ')}; each survivor is in reports/mutation/index.html (a rules survivor: the tests that found it, if any, are its "killed by")`);
  process.exit(1);
}
