import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFiles, SRC_LAYERS } from '../../scripts/modules.ts';
import { project, refusedFiles } from './support/lintProject.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** A room is read in one sitting: past this many lines of code it holds more than one thing. */
const MOST_LINES = 1000;
/** The local stack's top level holds its entry points and what all its rooms share; the rest lives in rooms. */
const MOST_DEVSTACK_TOP_FILES = 12;

function linesOfCode(folder: string): number {
  return codeFiles(folder).reduce((lines, file) => lines + readFileSync(file, 'utf8').split('\n').length - 1, 0);
}

/** src/'s folders that hold code (the catalogs' folder holds none). */
function rooms(): string[] {
  return readdirSync(join(ROOT, 'src')).filter(
    (name) => statSync(join(ROOT, 'src', name)).isDirectory() && codeFiles(join(ROOT, 'src', name)).length > 0,
  );
}

describe('the rooms of src/', () => {
  it('are all layers, so lint holds every arrow between them', () => {
    expect(rooms().filter((room) => !(SRC_LAYERS as readonly string[]).includes(room))).toEqual([]);
  });

  it.each(SRC_LAYERS)(`src/%s holds at most ${MOST_LINES} lines of code`, (room) => {
    expect(linesOfCode(join(ROOT, 'src', room))).toBeLessThanOrEqual(MOST_LINES);
  });

  it('refuse an arrow up through import() as through a static import', async () => {
    const root = project({
      'src/lib/later.ts': "export const later = () => import('../routes/router.lazy.ts');\n",
      'src/lib/now.ts': "export { router } from '../routes/router.lazy.ts';\n",
      'src/routes/router.lazy.ts': "export const router = 1;\nexport const lib = () => import('../lib/lower.lazy.ts');\n",
      'src/lib/lower.lazy.ts': 'export const lower = 1;\n',
    });
    expect(await refusedFiles(root, ['src/**/*.ts'], (message) => message.message.includes('src/lib sits below'))).toEqual([
      'src/lib/later.ts',
      'src/lib/now.ts',
    ]);
  });
});

describe('devstack/', () => {
  it(`keeps at most ${MOST_DEVSTACK_TOP_FILES} files at its top level`, () => {
    const top = readdirSync(join(ROOT, 'devstack')).filter((name) => statSync(join(ROOT, 'devstack', name)).isFile());
    expect(top.length).toBeLessThanOrEqual(MOST_DEVSTACK_TOP_FILES);
  });
});
