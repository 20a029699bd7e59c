import { describe, expect, it } from 'vitest';
import { importCircles } from '../../scripts/modules.ts';
import { lintProject, project } from './support/lintProject.ts';

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
    expect(importCircles(root)).toEqual([
      ['src/lib/a.ts', 'src/lib/b.ts'],
      ['src/lib/list.ts', 'src/lib/screen.lazy.ts'],
    ]);
  });

  it('are refused by lint when an import() closes them, and only then', async () => {
    const root = project({ ...closedByImport, 'src/lib/other.ts': "export const later = () => import('./screen.lazy.ts');\n" });
    const results = await lintProject(root, ['src/lib/*.ts']);
    const cycles = results.flatMap(({ file, messages }) => messages.filter((message) => message.ruleId === 'import-x/no-cycle').map(() => file));
    expect(cycles.sort()).toEqual(['src/lib/list.ts', 'src/lib/screen.lazy.ts']);
  });
});
