import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { SRC_LAYERS } from '../../scripts/modules.ts';

const ROOT = resolve(import.meta.dirname, '../..');
/** A room is read in one sitting: past this many lines of code it holds more than one thing. */
const MOST_LINES = 1000;
/** The local stack's top level holds its entry points and what all its rooms share; the rest lives in rooms. */
const MOST_DEVSTACK_TOP_FILES = 12;

function linesOfCode(folder: string): number {
  let lines = 0;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) lines += linesOfCode(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) lines += readFileSync(path, 'utf8').split('\n').length - 1;
  }
  return lines;
}

/** src/'s folders that hold code (the catalogs' folder holds none). */
function rooms(): string[] {
  return readdirSync(join(ROOT, 'src')).filter((name) => statSync(join(ROOT, 'src', name)).isDirectory() && linesOfCode(join(ROOT, 'src', name)) > 0);
}

const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe('the rooms of src/', () => {
  it('are all layers, so lint holds every arrow between them', () => {
    expect(rooms().filter((room) => !(SRC_LAYERS as readonly string[]).includes(room))).toEqual([]);
  });

  it.each(SRC_LAYERS)(`src/%s holds at most ${MOST_LINES} lines of code`, (room) => {
    expect(linesOfCode(join(ROOT, 'src', room))).toBeLessThanOrEqual(MOST_LINES);
  });

  it('refuse an arrow up through import() as through a static import', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rooms-'));
    made.push(root);
    const files = {
      'src/lib/later.ts': "export const later = () => import('../routes/router.lazy.ts');\n",
      'src/lib/now.ts': "export { router } from '../routes/router.lazy.ts';\n",
      'src/routes/router.lazy.ts': "export const router = 1;\nexport const lib = () => import('../lib/lower.lazy.ts');\n",
      'src/lib/lower.lazy.ts': 'export const lower = 1;\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    mkdirSync(join(root, 'machines'));
    const { default: config } = (await import(resolve(ROOT, 'eslint.config.ts'))) as { default: ESLint.Options['overrideConfig'] };
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
    const results = await eslint.lintFiles(['src/**/*.ts']);
    const refused = results
      .filter((result) => result.messages.some((message) => message.message.includes('src/lib sits below')))
      .map((result) => result.filePath.slice(root.length + 1));
    expect(refused.sort()).toEqual(['src/lib/later.ts', 'src/lib/now.ts']);
  });
});

describe('devstack/', () => {
  it(`keeps at most ${MOST_DEVSTACK_TOP_FILES} files at its top level`, () => {
    const top = readdirSync(join(ROOT, 'devstack')).filter((name) => statSync(join(ROOT, 'devstack', name)).isFile());
    expect(top.length).toBeLessThanOrEqual(MOST_DEVSTACK_TOP_FILES);
  });
});
