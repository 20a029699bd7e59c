import { describe, expect, it } from 'vitest';
import { importCircles } from '../../scripts/modules.ts';
import { project, refusedFiles } from './support/lintProject.ts';

/** The list loads a screen later; the screen imports the list back, as a section's screen once did. */
const closedByImport = {
  'src/lib/list.ts': "export const screens = [() => import('./screen.lazy.ts')];\n",
  'src/lib/screen.lazy.ts': "import { screens } from './list.ts';\nexport const count = screens.length;\n",
};

const isCycle = (message: { ruleId: string | null }) => message.ruleId === 'import-x/no-cycle';

describe('import circles', () => {
  it('the project has none, static, dynamic or of types only: app, machines, worker, local stack, scripts, tests and configs', () => {
    expect(importCircles()).toEqual([]);
  });

  it('are found outside src/ too, through a type the other file exports', () => {
    // The local provider's parts once closed one so: the middleware took the refresh token policy's type from the provider it is mounted in.
    const root = project({
      'devstack/provider/oidc.ts':
        "import { sessionEnd } from './session-end.ts';\nexport type Policy = 'always' | 'never';\nexport const provider = [sessionEnd];\n",
      'devstack/provider/session-end.ts':
        "import type { Policy } from './oidc.ts';\nexport const sessionEnd = (policy: Policy) => policy;\n",
      'scripts/a.ts': "import { b } from '../tests/b.ts';\nexport const a = b;\n",
      'tests/b.ts': "export const b = () => import('../scripts/a.ts');\n",
      'vite.config.ts': "import { a } from './scripts/a.ts';\nexport default a;\n",
    });
    expect(importCircles(root)).toEqual([
      ['devstack/provider/oidc.ts', 'devstack/provider/session-end.ts'],
      ['scripts/a.ts', 'tests/b.ts'],
    ]);
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
    expect(await refusedFiles(root, ['src/lib/*.ts'], isCycle)).toEqual(['src/lib/list.ts', 'src/lib/screen.lazy.ts']);
  });

  it('are refused by lint in the local stack, the scripts and the tests as in src/', async () => {
    const root = project({
      'devstack/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
      'devstack/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
      'scripts/c.ts': "import { d } from '../tests/d.ts';\nexport const c = () => d;\n",
      'tests/d.ts': "import { c } from '../scripts/c.ts';\nexport const d = () => c;\n",
    });
    expect(await refusedFiles(root, ['devstack/*.ts', 'scripts/*.ts', 'tests/*.ts'], isCycle)).toEqual([
      'devstack/a.ts',
      'devstack/b.ts',
      'scripts/c.ts',
      'tests/d.ts',
    ]);
  });
});
