/**
 * Every time limit of the tests, from one place: a base that holds on the
 * machine the suite was tuned on (2 cores, quiet), times a factor measured on
 * the machine that runs it. A limit is a safety net for a wait that ends on
 * what it waits for (a text, an address, the stack's readiness), so a slower
 * or busier machine gets longer nets and a passing test waits no longer.
 *
 * The factor is measured once per run: `npm test` (scripts/test.ts) measures
 * it and hands it to both of its vitest processes as `TEST_TIME_SCALE`;
 * a vitest started by itself measures it when it reads vite.config.ts, and
 * its workers inherit it. `TEST_TIME_SCALE=3` sets it by hand.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

const SECOND_MS = 1000;

/** Milliseconds of `n` seconds: for a time the test tells the app or the stack (a token's lifetime, a clock moved), not a limit. */
export function seconds(n: number): number {
  return n * SECOND_MS;
}

/** Milliseconds of `n` minutes: for a time the test tells the app or the stack, not a limit. */
export function minutes(n: number): number {
  return seconds(n * 60);
}

/**
 * The calibration's fixed workload (sorting and copying 5,000 small records
 * four times: the allocation, string and JSON work a browser test's own
 * process and stack do) takes this long, as the median of its rounds, on the
 * machine the bases were tuned on: 2 cores, no other run on it.
 */
export const REFERENCE_WORK_MS = 30;
/** The CPUs of that machine: a run pinned to fewer shares one core between its browser, its stack and the test. */
export const REFERENCE_CPUS = 2;
/** Beyond this the machine is not "of the same kind", and a longer net would only hide a hang. */
const MAX_FACTOR = 8;
const ROUNDS = 7;
const WARM_UP_ROUNDS = 3;

function workload(): number {
  let seed = 7;
  let sum = 0;
  for (let round = 0; round < 4; round++) {
    const items: { id: number; name: string; tags: number[] }[] = [];
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      items.push({ id: seed, name: `item ${seed.toString(36)}`, tags: [seed % 7, seed % 11] });
    }
    items.sort((a, b) => a.name.localeCompare(b.name));
    const copy = JSON.parse(JSON.stringify(items)) as typeof items;
    sum += copy.length + (copy[0]!.id % 3);
  }
  return sum;
}

/** What the calibration found, and the factor every limit is multiplied by. */
export interface Calibration {
  /** The workload's median round on this machine, in ms (undefined when the factor was given by hand). */
  workMs: number | undefined;
  /** The CPUs this process may use (`os.availableParallelism()`, which follows `taskset`). */
  cpus: number;
  /** base × factor is every limit. */
  factor: number;
  /** Where the factor came from: measured here, or handed over in `TEST_TIME_SCALE`. */
  source: 'measured' | 'environment';
}

/** Times the workload (a median over short rounds, so one preempted round does not decide) and derives the factor. */
export function measure(): Calibration {
  const rounds: number[] = [];
  for (let i = 0; i < WARM_UP_ROUNDS + ROUNDS; i++) {
    const started = performance.now();
    workload();
    if (i >= WARM_UP_ROUNDS) rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);
  const workMs = rounds[Math.floor(rounds.length / 2)]!;
  const cpus = availableParallelism();
  const slower = Math.max(1, workMs / REFERENCE_WORK_MS);
  const fewerCores = Math.max(1, REFERENCE_CPUS / cpus);
  const factor = Math.min(MAX_FACTOR, Math.round(slower * fewerCores * 100) / 100);
  return { workMs: Math.round(workMs * 10) / 10, cpus, factor, source: 'measured' };
}

/** The run's factor: the one handed over, or measured now and handed on to every process started after. */
function calibrate(): Calibration {
  const given = Number(process.env.TEST_TIME_SCALE);
  if (Number.isFinite(given) && given > 0) {
    const work = Number(process.env.TEST_CALIBRATION_WORK_MS);
    return {
      workMs: Number.isFinite(work) && work > 0 ? work : undefined,
      cpus: availableParallelism(),
      factor: given,
      source: 'environment',
    };
  }
  const measured = measure();
  process.env.TEST_TIME_SCALE = String(measured.factor);
  process.env.TEST_CALIBRATION_WORK_MS = String(measured.workMs);
  return measured;
}

export const CALIBRATION: Calibration = calibrate();

/** The one line the run prints first. */
export function describeCalibration(calibration: Calibration = CALIBRATION): string {
  const work = calibration.workMs === undefined ? 'given by hand' : `workload ${calibration.workMs} ms (reference ${REFERENCE_WORK_MS} ms)`;
  return `test limits: factor ${calibration.factor} (${work}, ${calibration.cpus} of ${REFERENCE_CPUS} reference CPUs); every limit is its base × ${calibration.factor}`;
}

/** A base limit (in ms, as it holds on the reference machine) scaled to this machine. */
export function limit(baseMs: number): number {
  return Math.round(baseMs * CALIBRATION.factor);
}

/**
 * How often a look that repeats comes back (as a person glances back at the
 * page): a pace, not a limit, so it is not scaled. Every wait in a loop
 * pauses this long between looks.
 */
export const LOOK_EVERY_MS = 100;

/** Waits `ms`: a pace (LOOK_EVERY_MS) or one of the named limits below, never a bare number. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// The named limits. A base says what it is a net for; a test picks by name.

/** Something that should already be on the page, checked right after another wait. */
export const PRESENT_MS = limit(1_000);
/** How long to watch for something that must not happen (a timer that fires while asleep, an injected handler that runs). */
export const QUIET_MS = limit(1_000);
/** Time for something that sends no event to wait on to have happened, if it was going to: a refused frame's load, a second tab's wrong refresh. */
export const SETTLE_MS = limit(1_500);
/** A quick outcome: a cookie set, a mail in the stack's mailbox, a report sent. */
export const SOON_MS = limit(5_000);
/** How long a person may wait for a visible outcome that is not busy. */
export const OUTCOME_MS = limit(10_000);
/** The callback's deliberate 5 s rule (exact to the millisecond in the unit tests), plus room for a machine running many pages at once. */
export const CALLBACK_OUTCOME_MS = limit(20_000);
/** An outcome that takes a round trip of its own first: a popup's sign-in, a network back, a lazy chunk, a renewal's grant. */
export const SLOW_OUTCOME_MS = limit(20_000);
/** A service worker's install or update, a browser or driver starting, a dev server's first page. */
export const LONG_OUTCOME_MS = limit(30_000);
/** An outcome that comes after a token's lifetime or a dev server's transform of the app. */
export const LONGEST_OUTCOME_MS = limit(60_000);
/** Vite's dev server's first page: it transforms the app's modules on demand. */
export const DEV_SERVER_MS = limit(90_000);
/** A test or hook in a browser project (vitest's testTimeout and hookTimeout there). */
export const TEST_MS = limit(60_000);
/** A test that goes through several sign-ins or a token's lifetimes. */
export const LONG_TEST_MS = limit(120_000);
/** A test that runs a second build, a dev server or many lifetimes. */
export const LONGEST_TEST_MS = limit(240_000);
/** A unit, model or property test (vitest's default, calibrated; the property tests are sized in cases to about 2 s of it). */
export const UNIT_TEST_MS = limit(5_000);
/** A hook of the unit project. */
export const UNIT_HOOK_MS = limit(10_000);
/** A test of the node project (stacks, builds, contracts). */
export const NODE_TEST_MS = limit(30_000);
/** A hook of the node project: a test stack started or stopped. */
export const NODE_HOOK_MS = limit(20_000);
