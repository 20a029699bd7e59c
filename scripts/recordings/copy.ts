import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

// The exchanges recorded from a real ABP host are kept in ../shared/abp-recorded/
// beside the checkout, where the recordings are made; the project keeps a copy
// of them in tests/contract/recorded/, so its tests run on any clone. This
// refreshes the copy and tells where it differs.

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Where the recordings are made: ../shared/abp-recorded/ beside the checkout. */
export const SHARED_RECORDINGS = resolve(ROOT, '..', 'shared', 'abp-recorded');
/** The project's copy, which every test reads. */
export const RECORDINGS_COPY = resolve(ROOT, 'tests', 'contract', 'recorded');

/** The files of a recordings folder: its JSON files and its README.md, sorted by name. */
export function recordingFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') || name === 'README.md')
    .sort();
}

export interface CopyDifference {
  file: string;
  /** `changed`: in both, not the same bytes; `missing`: not in the copy; `extra`: only in the copy. */
  kind: 'changed' | 'missing' | 'extra';
}

/** Where `copy` differs from `source`, file by file, byte for byte. */
export function copyDifferences(source: string, copy: string): CopyDifference[] {
  const inSource = recordingFiles(source);
  const inCopy = existsSync(copy) ? recordingFiles(copy) : [];
  const differences: CopyDifference[] = [];
  for (const file of inSource) {
    if (!inCopy.includes(file)) differences.push({ file, kind: 'missing' });
    else if (!readFileSync(join(source, file)).equals(readFileSync(join(copy, file)))) differences.push({ file, kind: 'changed' });
  }
  for (const file of inCopy) if (!inSource.includes(file)) differences.push({ file, kind: 'extra' });
  return differences;
}

/** Makes `copy` the same as `source`: copies what is missing or changed, removes what is extra; returns what it did. */
export function refreshCopy(source: string, copy: string): CopyDifference[] {
  const differences = copyDifferences(source, copy);
  mkdirSync(copy, { recursive: true });
  for (const { file, kind } of differences) {
    if (kind === 'extra') rmSync(join(copy, file));
    else copyFileSync(join(source, file), join(copy, file));
  }
  return differences;
}
