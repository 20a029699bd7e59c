import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMachinesDoc } from '../../scripts/machines/document.ts';

describe('docs/machines.md', () => {
  it('is what `npm run machines` writes from the current machines', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../docs/machines.md'), 'utf8');
    expect(committed, 'docs/machines.md is stale: run `npm run machines` and commit it').toBe(renderMachinesDoc());
  });
});
