import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { pathTitle } from '../../scripts/paths/model.ts';
import { bootModel } from '../model/models/boot.model.ts';

const ROOT = resolve(import.meta.dirname, '../..');

function paths(...args: string[]) {
  const run = spawnSync(resolve(ROOT, 'node_modules/.bin/tsx'), ['scripts/paths.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

/** The printed paths: id, then one `label → state` line per step. */
function blocks(out: string): { id: string; steps: string[] }[] {
  return out
    .split('\n\n')
    .map((block) => block.trim().split('\n'))
    .filter(([head]) => /^\w+#\d+ /.test(head ?? ''))
    .map(([head, ...steps]) => ({ id: head!.split(' ')[0]!, steps: steps.map((line) => line.trim().split(/\s+→ /)[0]!.trim()) }));
}

describe('npm run paths', () => {
  it('prints every generated path of a machine in full, one step a line, and the coverage line', async () => {
    const generated = await generatePaths(bootModel);
    const { status, out } = paths('boot');
    expect(status).toBe(0);
    const printed = blocks(out);
    expect(printed.map((block) => block.id)).toEqual(generated.paths.map((path) => path.id));
    expect(printed.map((block) => ['start (nl)', ...block.steps.slice(1)].join(' → '))).toEqual(generated.paths.map(pathTitle));
    expect(new Set(printed.map((block) => block.steps.join('|'))).size).toBe(printed.length);
    expect(out).toMatch(/^coverage boot \(unit\): (\d+)\/\1 transitions \(100%\); \d+ paths chosen from \d+ candidates$/m);
  });

  it('prints only the paths through a step when asked, and says which steps exist when none does', () => {
    const through = paths('boot', '--through', 'error loadUserConfiguration (500)');
    expect(through.status).toBe(0);
    const printed = blocks(through.out);
    expect(printed.length).toBeGreaterThan(0);
    for (const block of printed) expect(block.steps).toContain('error loadUserConfiguration (500)');

    const missing = paths('boot', '--through', 'error loadUserConfiguration (418)');
    expect(missing.status).toBe(1);
    expect(missing.err).toContain('no path goes through "error loadUserConfiguration (418)"; steps there are:');
  });
});
