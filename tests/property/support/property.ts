import { appendFileSync, existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import fc from 'fast-check';
import { afterAll, it } from 'vitest';

/**
 * The property suite's seed and count. One seed serves the whole run (every
 * file, whichever worker runs it), so `FC_SEED=<seed>` replays all of it; on
 * a failure fast-check also prints the seed and the path of the shrunk case.
 * Every generated case that runs is counted, per group, and the run's total
 * is printed by the last file to finish.
 */

/**
 * The files of one run share the parent process (forks pool) or the process
 * (threads pool): files keyed by it belong to this run only.
 */
function runId(): number {
  return isMainThread ? process.ppid : process.pid;
}

function runFile(kind: string): string {
  return join(tmpdir(), `property-${kind}-${runId()}`);
}

function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const seed = Number(text);
  if (!Number.isInteger(seed)) throw new Error(`FC_SEED must be an integer, not ${JSON.stringify(text)}`);
  return seed | 0;
}

/**
 * The run's seed: FC_SEED when given, else the first file to ask draws one.
 * Published by an atomic link, so files starting at the same time in other
 * workers read the same number and only the file that drew it prints it.
 */
function runSeed(): number {
  const given = parseSeed(process.env.FC_SEED);
  const path = runFile('seed');
  if (given === undefined && existsSync(path)) return parseSeed(readFileSync(path, 'utf8'))!;
  const seed = given ?? (Math.random() * 2 ** 32) | 0;
  const draft = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(draft, String(seed));
  try {
    linkSync(draft, path);
    console.log(`property seed: ${seed}`);
    return seed;
  } catch {
    // Another file of this run published the seed first.
    return given ?? parseSeed(readFileSync(path, 'utf8'))!;
  } finally {
    rmSync(draft, { force: true });
  }
}

export const seed = runSeed();

/** Generated cases per group, counted as they run (shrinking included). */
const counts = new Map<string, number>();

function counted<Args extends unknown[], R>(group: string, predicate: (...args: Args) => R): (...args: Args) => R {
  return (...args: Args) => {
    counts.set(group, (counts.get(group) ?? 0) + 1);
    return predicate(...args);
  };
}

/**
 * Cases per run, sized to the test's budget (vitest's 5 s): a property takes
 * no more than about 2 s with both cores of a 2-core machine busy at load 14
 * (a few hundred ms on an idle one), so a busy laptop or a shared CI runner
 * stays within it. A property that needs more cases gets them across runs
 * (each run draws a new seed), never through a longer timeout.
 */
export interface PropertyOptions {
  numRuns: number;
}

/** A synchronous property as one test: `numRuns` generated cases with the run's seed. */
export function property<Ts extends [unknown, ...unknown[]]>(
  group: string,
  name: string,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => boolean | void,
  { numRuns }: PropertyOptions,
): void {
  it(name, () => {
    fc.assert(fc.property(...arbitraries, counted(group, predicate)), { seed, numRuns });
  });
}

/** An asynchronous property as one test. */
export function asyncProperty<Ts extends [unknown, ...unknown[]]>(
  group: string,
  name: string,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => Promise<boolean | void>,
  { numRuns }: PropertyOptions,
): void {
  it(name, async () => {
    await fc.assert(fc.asyncProperty(...arbitraries, counted(group, predicate)), { seed, numRuns });
  });
}

interface CountRecord {
  group: string;
  cases: number;
}

/**
 * Prints this file's groups and the run's total so far. Each file appends its
 * own lines (one write each, so files finishing together do not lose each
 * other's), then sums all lines of the run: the last file's total is the run's.
 */
export function reportPropertyCases(): void {
  afterAll(() => {
    const path = runFile('cases.jsonl');
    const mine = [...counts].map(([group, cases]): CountRecord => ({ group, cases }));
    appendFileSync(path, mine.map((record) => `${JSON.stringify(record)}\n`).join(''));
    const all = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as CountRecord);
    const total = all.reduce((sum, record) => sum + record.cases, 0);
    const lines = [
      ...mine.map((record) => `property cases (${record.group}): ${record.cases}`),
      `property cases: ${total} (${new Set(all.map((record) => record.group)).size} groups so far, seed ${seed})`,
    ];
    console.log(lines.join('\n'));
  });
}
