import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { afterAll, it } from 'vitest';
import { TEST_MS } from '../../../support/limits.ts';

/**
 * The security suite's registry: every bad input or fault is one case, tried
 * once; it "ended as required" only when all of its checks passed.
 */
interface CaseRecord {
  file: string;
  name: string;
  ok: boolean;
}

const records: CaseRecord[] = [];

/** Every case is bound in time: a visible outcome comes long before this. */
export const CASE_TIMEOUT_MS = TEST_MS;

/** A registered case: counted as tried when it starts, as ended as required when it passes. */
export function securityCase(name: string, run: () => Promise<void>, timeoutMs = CASE_TIMEOUT_MS): void {
  it(
    name,
    async () => {
      const record: CaseRecord = { file: '', name, ok: false };
      records.push(record);
      await run();
      record.ok = true;
    },
    timeoutMs,
  );
}

/** A case that runs alongside the other concurrent cases of its file (own context, no shared fault switch). */
securityCase.concurrent = (name: string, run: () => Promise<void>, timeoutMs = CASE_TIMEOUT_MS * 2): void => {
  it.concurrent(
    name,
    async () => {
      const record: CaseRecord = { file: '', name, ok: false };
      records.push(record);
      await run();
      record.ok = true;
    },
    timeoutMs,
  );
};

/**
 * One run's results file: the files of a run share the parent process (forks
 * pool) or the process (threads pool), so the running total covers the run.
 */
function runFile(): string {
  const runId = isMainThread ? process.ppid : process.pid;
  return join(tmpdir(), `security-cases-${runId}.json`);
}

function summary(list: CaseRecord[]): string {
  const ok = list.filter((record) => record.ok).length;
  return `${list.length} tried, ${ok} ended as required`;
}

/** Prints this file's count and the run's count so far; the last line of a run is the total. */
export function reportSecurityCases(file: string): void {
  afterAll(() => {
    const name = basename(file);
    for (const record of records) record.file = name;
    const path = runFile();
    const earlier = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as CaseRecord[]) : [];
    const all = [...earlier.filter((record) => record.file !== name), ...records];
    writeFileSync(path, JSON.stringify(all));
    const files = new Set(all.map((record) => record.file)).size;
    console.log(`security cases (${name}): ${summary(records)}`);
    console.log(`security cases: ${summary(all)} (${files} files so far)`);
    const failed = all.filter((record) => !record.ok);
    for (const record of failed) console.log(`  not as required: ${record.file} › ${record.name}`);
  });
}
