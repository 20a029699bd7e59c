import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The scripts (bench, soak, checks) start the local stack, so devstack/ sits
 * below scripts/ and never imports from it (eslint.config.ts). This asks the
 * project's own lint what it says of such an import, and of the stack's files as
 * they are.
 */

const ROOT = join(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
const restricted = async (code: string, file: string) => {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
};

describe('devstack/ below scripts/', () => {
  it('refuses an import from scripts/ in a devstack file, at any depth', async () => {
    const code = "import { splitModules } from '../../scripts/modules.ts';\nexport const split = splitModules;\n";
    expect(await restricted(code, 'devstack/app-server/upward.ts')).toEqual([expect.stringContaining('devstack/ sits below scripts/')]);
    expect(await restricted(code.replace('../../', '../'), 'devstack/upward.ts')).toHaveLength(1);
  });

  it('lets a devstack file import from its own rooms, and a script import from devstack', async () => {
    expect(
      await restricted("import { precompress } from './precompress.ts';\nexport const p = precompress;\n", 'devstack/app-server/ok.ts'),
    ).toEqual([]);
    expect(
      await restricted(
        "import { precompress } from '../../devstack/app-server/precompress.ts';\nexport const p = precompress;\n",
        'scripts/bench/ok.ts',
      ),
    ).toEqual([]);
  });
});
