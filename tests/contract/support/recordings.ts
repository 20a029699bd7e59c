import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The exchanges recorded from the real ABP host, read where they are kept:
// ../shared/abp-recorded/ beside the checkout (its README gives the host, the
// normalisation of tokens and dates, and the run order). CI checks the
// repository out with ../shared beside it, as on a developer's machine.

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

export const RECORDED_DIR = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'abp-recorded');

export function readRecording(file: string): Exchange[] {
  if (!existsSync(RECORDED_DIR)) throw new Error(`The recordings of the ABP host are not at ${RECORDED_DIR}: check ../shared out beside the repository.`);
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
