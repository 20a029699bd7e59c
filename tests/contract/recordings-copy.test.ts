import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDifferences, RECORDINGS_COPY, recordingFiles, refreshCopy, SHARED_RECORDINGS } from '../../scripts/recordings/copy.ts';

// The project's copy of the ABP recordings is what every test reads; where the
// recordings are made (../shared/abp-recorded/, beside the checkout in CI) it
// must be the same, file for file (`npm run recordings` refreshes it).

/** CI=true (or 1, or any value but false and 0), as CI services set it. */
function isCI(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== 'false' && value !== '0';
}

describe('the copy of the ABP recordings', () => {
  it('is the same as ../shared/abp-recorded/ where that is beside the checkout (always in CI)', (context) => {
    if (!existsSync(SHARED_RECORDINGS)) {
      const missing = `no ${SHARED_RECORDINGS} (the recordings made against a real ABP host, with their README, in a folder "shared" beside the checkout)`;
      // CI keeps ../shared beside the checkout: without it a stale copy would pass unnoticed.
      if (isCI(process.env.CI)) throw new Error(`abp recordings: nothing to compare the copy in tests/contract/recorded/ with: ${missing}`);
      context.skip(`abp recordings: nothing to compare with, ${missing}; the tests read the copy in tests/contract/recorded/`);
    }
    const differences = copyDifferences(SHARED_RECORDINGS, RECORDINGS_COPY);
    console.log(`abp recordings: compared ${recordingFiles(SHARED_RECORDINGS).length} files with ../shared/abp-recorded/`);
    expect(differences, 'tests/contract/recorded/ is stale: run `npm run recordings`').toEqual([]);
  });

  it('holds the README and a JSON file per recording', () => {
    const files = recordingFiles(RECORDINGS_COPY);
    expect(files).toContain('README.md');
    expect(files.filter((file) => file.endsWith('.json')).length).toBeGreaterThanOrEqual(10);
  });
});

describe('comparing and refreshing a copy', () => {
  const dirs: string[] = [];
  const folder = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'recordings-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('names a changed, a missing and an extra file, and refreshing leaves none', () => {
    const source = folder({ 'README.md': '# r', 'a.json': '[1]', 'b.json': '[]', 'notes.txt': 'not a recording' });
    const copy = folder({ 'README.md': '# r', 'a.json': '[2]', 'c.json': '[]' });
    expect(copyDifferences(source, copy)).toEqual([
      { file: 'a.json', kind: 'changed' },
      { file: 'b.json', kind: 'missing' },
      { file: 'c.json', kind: 'extra' },
    ]);
    expect(refreshCopy(source, copy)).toHaveLength(3);
    expect(copyDifferences(source, copy)).toEqual([]);
    expect(recordingFiles(copy)).toEqual(['README.md', 'a.json', 'b.json']);
  });
});
