import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { importCircles } from '../../scripts/modules.ts';

/** A throwaway project with the given files; removed after the tests. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'circles-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  mkdirSync(join(root, 'machines'), { recursive: true });
  return root;
}

const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** The list loads a screen later; the screen imports the list back, as a section's screen once did. */
const closedByImport = {
  'src/lib/list.ts': "export const screens = [() => import('./screen.lazy.ts')];\n",
  'src/lib/screen.lazy.ts': "import { screens } from './list.ts';\nexport const count = screens.length;\n",
};

describe('import circles', () => {
  it('src/ and machines/ have none, static, dynamic or of types only', () => {
    expect(importCircles()).toEqual([]);
  });

  it('are found when import() or import type closes them', () => {
    const root = project({
      ...closedByImport,
      'src/lib/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'src/lib/b.ts': "import type { A } from './a.ts';\nexport type B = { a?: A };\n",
      'src/lib/c.ts': "export const c = () => import('./screen.lazy.ts');\n",
    });
    made.push(root);
    expect(importCircles(root)).toEqual([
      ['src/lib/a.ts', 'src/lib/b.ts'],
      ['src/lib/list.ts', 'src/lib/screen.lazy.ts'],
    ]);
  });

  it('are refused by lint when an import() closes them, and only then', async () => {
    const root = project({ ...closedByImport, 'src/lib/other.ts': "export const later = () => import('./screen.lazy.ts');\n" });
    made.push(root);
    // The project's own lint config, applied to the throwaway project (read by path: tsc need not check the config file).
    const { default: config } = (await import(resolve(import.meta.dirname, '../../eslint.config.ts'))) as { default: ESLint.Options['overrideConfig'] };
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
    const results = await eslint.lintFiles(['src/lib/*.ts']);
    const cycles = results.flatMap((result) =>
      result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').map(() => result.filePath.slice(root.length + 1)),
    );
    expect(cycles.sort()).toEqual(['src/lib/list.ts', 'src/lib/screen.lazy.ts']);
  });
});
