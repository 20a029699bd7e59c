import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The exchanges recorded from the real ABP host, read from the project's copy
// in tests/contract/recorded/ (its README gives the host, the normalisation
// of tokens and dates, and the run order). The recordings are made in
// ../shared/abp-recorded/; `npm run recordings` refreshes the copy, and
// recordings-copy.test.ts checks it is the same where ../shared is beside
// the checkout, as in CI.

export interface RecordedExchange {
  name: string;
  why: string;
  request: { method: string; path: string; headers: Record<string, string>; body: unknown };
  response: { status: number; headers: Record<string, string>; body: unknown };
}

export interface Exchange extends RecordedExchange {
  /** The recording file, without `.json`. */
  file: string;
}

export const RECORDED_DIR = resolve(import.meta.dirname, '..', 'recorded');

/** Every recording file in the copy, by name without `.json`, sorted. */
export function recordingFileNames(): string[] {
  return readdirSync(RECORDED_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

export function readRecording(file: string): Exchange[] {
  const exchanges = JSON.parse(readFileSync(join(RECORDED_DIR, `${file}.json`), 'utf8')) as RecordedExchange[];
  return exchanges.map((exchange) => ({ ...exchange, file }));
}

/** Exchanges the recording run sent after all the others (their `why` says so). */
const isRecordedLast = (exchange: Exchange) => exchange.why.startsWith('(recorded last)');

/**
 * The exchanges of `files` in the order the recording run sent them, so the
 * state they leave behind (a registered user, a saved language) is there for
 * the exchanges after them: each file's exchanges in file order, except those
 * "(recorded last)", which follow everything, ordered by `lastFiles`.
 */
export function inRunOrder(files: readonly string[], lastFiles: readonly string[]): Exchange[] {
  const all = files.flatMap(readRecording);
  const last = all.filter(isRecordedLast).sort((a, b) => lastFiles.indexOf(a.file) - lastFiles.indexOf(b.file));
  return [...all.filter((exchange) => !isRecordedLast(exchange)), ...last];
}
