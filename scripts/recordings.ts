/**
 * Refreshes the project's copy of the ABP recordings (tests/contract/recorded/)
 * from ../shared/abp-recorded/ beside the checkout, where they are recorded.
 * tests/contract/recordings-copy.test.ts fails when the copy is stale.
 */
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { RECORDINGS_COPY, refreshCopy, recordingFiles, SHARED_RECORDINGS } from './recordings/copy.ts';

if (!existsSync(SHARED_RECORDINGS)) {
  console.error(`No recordings at ${SHARED_RECORDINGS}: check ../shared out beside the repository.`);
  process.exit(1);
}
const done = refreshCopy(SHARED_RECORDINGS, RECORDINGS_COPY);
for (const { file, kind } of done) console.log(`${kind === 'extra' ? 'removed' : kind === 'missing' ? 'added' : 'updated'} ${file}`);
const target = relative(process.cwd(), RECORDINGS_COPY) || '.';
console.log(`${target}: ${recordingFiles(RECORDINGS_COPY).length} files, ${done.length} changed`);
