/**
 * Writes docs/machines.md from the machine definitions: a Mermaid state
 * diagram, the transitions and the named implementations of each machine.
 * tests/model/machines-doc.test.ts fails when the committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderMachinesDoc } from './machines/document.ts';

const target = resolve(import.meta.dirname, '..', 'docs', 'machines.md');
writeFileSync(target, renderMachinesDoc());
console.log(`wrote ${target}`);
