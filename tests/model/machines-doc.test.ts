import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MACHINES, renderMachinesDoc } from '../../scripts/machines/document.ts';
import { idOf, mermaidDiagram } from '../../scripts/machines/mermaid.ts';

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [...(Object.values(node.states) as AnyStateNode[]).flatMap((child) => [child, ...allNodes(child)])];
}

/**
 * The title Mermaid draws on a state box: the label of `state "label" as id`,
 * else the first description (`id : text`), else the id.
 */
function titleOf(diagram: string[], id: string): string {
  const aliased = diagram.find((line) => line.startsWith(`state "`) && line.endsWith(`" as ${id}`));
  if (aliased) return aliased.slice('state "'.length, -`" as ${id}`.length);
  const description = diagram.find((line) => line.startsWith(`${id} : `));
  return description ? description.slice(`${id} : `.length) : id;
}

describe('docs/machines.md', () => {
  it('is what `npm run machines` writes from the current machines', () => {
    const committed = readFileSync(resolve(import.meta.dirname, '../../docs/machines.md'), 'utf8');
    expect(committed, 'docs/machines.md is stale: run `npm run machines` and commit it').toBe(renderMachinesDoc());
  });

  it.each(MACHINES)('draws every state of the $name by its name, entry actions and invokes below it', ({ machine }) => {
    const diagram = mermaidDiagram(machine)
      .split('\n')
      .map((line) => line.trim());
    for (const node of allNodes(machine.root)) {
      expect(titleOf(diagram, idOf(node)), `the title of ${node.path.join('.')}`).toBe(node.key);
    }
  });
});
