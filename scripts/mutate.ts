/**
 * Mutation testing of the machines (docs/testing.md, "Mutation testing"):
 * Stryker changes machines/*.machine.ts one fault at a time (a guard that
 * always passes, a target or delay changed, an action dropped) and runs the
 * generated paths and model tests (vitest.mutate.config.ts) against each.
 * Then, for the machines with rules (tests/model/rules), a second run
 * (stryker.rules.config.mjs) against the rules tests alone
 * (vitest.mutate.rules.config.ts). Per machine and overall the score against
 * everything, and per machine with rules the score against the rules alone:
 *
 *   mutation score token: 97% (killed 160 of 165, 5 survived)
 *   mutation score token (rules): 88% (killed 145 of 165, 20 survived)
 *
 * The first counts a mutant found by any test, the recorded traces among
 * them (which see that the machine changed); the second only those a rule
 * found (which see that the machine is wrong). Two runs, each stopping at a
 * mutant's first failing test, cost far less than one that runs every test
 * on every mutant to learn which of them failed. The exit code is 1 when
 * one score is below its threshold (THRESHOLD, RULES_THRESHOLD). Arguments
 * go to both `stryker run`s (`npm run mutate -- --force` tests every mutant
 * again, not only those whose code or tests changed since the last run;
 * `-- --mutate machines/token.machine.ts` one machine, and the rules run
 * only when a machine with rules is among them). The HTML reports are
 * reports/mutation/index.html and reports/mutation/rules/index.html.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';

/** Per machine and overall, in percent. */
const THRESHOLD = 90;
/** Per machine with rules, against the rules alone, in percent. */
const RULES_THRESHOLD = 85;
/** The end of every rules test's name (tests/model/support/unitPaths.ts, RULES_TEST). */
const RULES_TEST = "keeps the session's rules";

const ROOT = resolve(import.meta.dirname, '..');
const STRYKER = resolve(ROOT, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const RULES_CONFIG = 'stryker.rules.config.mjs';
const REPORT = resolve(ROOT, 'reports/mutation/mutation.json');
const RULES_REPORT = resolve(ROOT, 'reports/mutation/rules/mutation.json');
/** The machines with rules, held to RULES_THRESHOLD: those with a tests/model/rules/<machine>.rules.ts, as stryker.rules.config.mjs finds them. */
const RULED = readdirSync(resolve(ROOT, 'tests/model/rules'))
  .filter((file) => file.endsWith('.rules.ts'))
  .map((file) => basename(file, '.rules.ts'));

/** The part of Stryker's JSON report (mutation-testing-report-schema) read here. */
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
  /** The tests by file, each with its id (what `killedBy` names) and name. */
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

interface Mutant {
  status: string;
  killedBy?: string[];
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
  return {
    name,
    killed: statuses.filter((status) => DETECTED.has(status)).length,
    survived: statuses.filter((status) => UNDETECTED.has(status)).length,
  };
}

/** Whole percent, rounded down: 89.9 % is below 90 %. A machine without mutants has nothing to miss. */
function percent({ killed, survived }: Score): number {
  const valid = killed + survived;
  return valid === 0 ? 100 : Math.floor((killed / valid) * 100);
}

function stryker(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(process.execPath, [STRYKER, 'run', ...args], { cwd: ROOT, stdio: 'inherit', env });
  return new Promise((done) => child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0))));
}

/** The machine a `--mutate` entry names (`machines/token.machine.ts:10-20` → token), or undefined for a glob. */
function machineOf(entry: string): string | undefined {
  const file = entry.replace(/:[\d:-]+$/, '');
  return /[*?{}[\]!]/.test(file) ? undefined : basename(file, '.machine.ts');
}

/**
 * The arguments for the rules run: the same, with a `--mutate` list cut to
 * the machines with rules (a glob is kept as it is), and the machines it
 * mutates (for MUTATE_MACHINES); undefined when the list names none of
 * them, and so the rules have nothing to measure.
 */
function rulesRun(args: string[]): { args: string[]; machines: string[] } | undefined {
  const out: string[] = [];
  let machines = RULED;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const inline = /^--mutate=(.*)$/.exec(arg);
    if (arg !== '--mutate' && arg !== '-m' && !inline) {
      out.push(arg);
      continue;
    }
    const list = inline ? inline[1]! : (args[++index] ?? '');
    const kept = list.split(',').filter((entry) => {
      const machine = machineOf(entry);
      return machine === undefined || RULED.includes(machine);
    });
    if (kept.length === 0) return undefined;
    out.push('--mutate', kept.join(','));
    const named = kept.map(machineOf);
    if (!named.includes(undefined)) machines = named.filter((machine) => machine !== undefined);
  }
  return { args: out, machines };
}

const args = process.argv.slice(2);
const code = await stryker(args);
if (code !== 0) {
  console.error(`stryker run ended with exit code ${code}; no scores`);
  process.exit(code);
}
const forRules = rulesRun(args);
// The rules tests make the paths of the machines being mutated only (tests/model/machines.rules.test.ts).
const rulesCode =
  forRules === undefined
    ? 0
    : await stryker([RULES_CONFIG, ...forRules.args], { ...process.env, MUTATE_MACHINES: forRules.machines.join(',') });
if (rulesCode !== 0) {
  console.error(`stryker run ${RULES_CONFIG} ended with exit code ${rulesCode}; no scores`);
  process.exit(rulesCode);
}

const report = JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
const machines = Object.entries(report.files)
  .map(([file, { mutants }]) =>
    scoreOf(
      basename(file, '.machine.ts'),
      mutants.map((mutant) => mutant.status),
    ),
  )
  .sort((a, b) => a.name.localeCompare(b.name));
const overall = scoreOf(
  'overall',
  Object.values(report.files).flatMap(({ mutants }) => mutants.map((mutant) => mutant.status)),
);

let ruled: Score[] = [];
if (forRules !== undefined) {
  const rulesReport = JSON.parse(readFileSync(RULES_REPORT, 'utf8')) as Report;
  const testNames = new Map(
    Object.values(rulesReport.testFiles ?? {}).flatMap(({ tests }) => tests.map((test) => [test.id, test.name] as const)),
  );
  /**
   * Found by a rule: the first test that failed on it is a rules test, or it
   * never ended. The rules run has only rules tests, but a mutant that breaks
   * the machine before any path is made fails the test that makes them
   * instead (tests/model/machines.rules.test.ts), and no rule saw it.
   */
  const byRules = (mutant: Mutant) =>
    mutant.status === 'Timeout' ||
    (mutant.status === 'Killed' && (mutant.killedBy ?? []).some((id) => (testNames.get(id) ?? id).endsWith(RULES_TEST)));
  ruled = Object.entries(rulesReport.files)
    .map(([file, { mutants }]) => ({ name: basename(file, '.machine.ts'), mutants }))
    .filter(({ name }) => RULED.includes(name))
    .map(({ name, mutants }) =>
      scoreOf(
        `${name} (rules)`,
        mutants
          .filter((mutant) => DETECTED.has(mutant.status) || UNDETECTED.has(mutant.status))
          .map((mutant) => (byRules(mutant) ? 'Killed' : 'Survived')),
      ),
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

console.log('');
for (const score of [...machines, overall, ...ruled]) {
  console.log(
    `mutation score ${score.name}: ${percent(score)}% (killed ${score.killed} of ${score.killed + score.survived}, ${score.survived} survived)`,
  );
}
const below = [
  ...[...machines, overall].filter((score) => percent(score) < THRESHOLD).map(({ name }) => `${name} (below ${THRESHOLD}%)`),
  ...ruled.filter((score) => percent(score) < RULES_THRESHOLD).map(({ name }) => `${name} (below ${RULES_THRESHOLD}%)`),
];
if (below.length > 0) {
  console.error(
    `${below.join(', ')}; each survivor is in reports/mutation/index.html, a rules survivor in reports/mutation/rules/index.html`,
  );
  process.exit(1);
}
