import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { actionName, machineTransitions, transitionLabel, type MachineTransition } from './read.ts';

/**
 * A Mermaid `stateDiagram-v2` of a machine, as GitHub renders it: state ids
 * are the state paths joined with `_` (no dots or spaces), transition labels
 * follow ` : ` and hold no `:` or `;` (Mermaid ends a label there), and the
 * regions of a parallel state are separated by `--` inside a composite state.
 */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const byBlock = new Map<AnyStateNode, MachineTransition[]>();
  for (const transition of machineTransitions(machine)) {
    const block = blockOf(machine, transition);
    byBlock.set(block, [...(byBlock.get(block) ?? []), transition]);
  }
  const lines = ['stateDiagram-v2'];
  const root = machine.root;
  if (root.type === 'parallel') {
    lines.push(`  [*] --> ${idOf(root)}`);
    lines.push(...stateLines(root, byBlock, 1));
  } else {
    lines.push(...contentLines(root, byBlock, 1));
  }
  return lines.join('\n');
}

/** Mermaid id of a state node: its path joined with `_`, the machine id for the root. */
export function idOf(node: AnyStateNode): string {
  return node.path.length === 0 ? node.machine.id : node.path.join('_');
}

function indent(depth: number): string {
  return '  '.repeat(depth);
}

/** The innermost state whose block holds both ends of the transition. */
function blockOf(machine: AnyStateMachine, transition: MachineTransition): AnyStateNode {
  const source = transition.source.path as string[];
  const target = transition.target.path as string[];
  let common = 0;
  while (common < source.length && common < target.length && source[common] === target[common]) common += 1;
  const depth = Math.min(common, source.length - 1, target.length - 1);
  let node = machine.root;
  for (const key of source.slice(0, depth)) node = node.states[key]!;
  return node;
}

/** A state as seen from its parent's block: a declaration, or a composite with its own content. */
function stateLines(node: AnyStateNode, byBlock: Map<AnyStateNode, MachineTransition[]>, depth: number): string[] {
  const pad = indent(depth);
  const id = idOf(node);
  const lines: string[] = [];
  if (node.type === 'parallel') {
    lines.push(`${pad}state ${id} {`);
    const regions = Object.values(node.states) as AnyStateNode[];
    regions.forEach((region, index) => {
      if (index > 0) lines.push(`${indent(depth + 1)}--`);
      lines.push(...stateLines(region, byBlock, depth + 1));
    });
    lines.push(...transitionLines(node, byBlock, depth + 1));
    lines.push(`${pad}}`);
  } else if (node.type === 'compound') {
    lines.push(`${pad}state ${id} {`);
    lines.push(...contentLines(node, byBlock, depth + 1));
    lines.push(`${pad}}`);
  } else if (id !== node.key) {
    lines.push(`${pad}state "${node.key}" as ${id}`);
  } else {
    lines.push(`${pad}${id}`);
  }
  // A state declared by its bare id is drawn with its first description in place of its name; so the name comes first.
  // One declared `state "name" as id`, or a composite, keeps its name as the title above the descriptions.
  const notes = notesOf(node);
  if (notes.length > 0 && lines.length === 1 && lines[0] === `${pad}${id}`) lines.push(`${pad}${id} : ${node.key}`);
  for (const note of notes) lines.push(`${pad}${id} : ${note}`);
  return lines;
}

/** The inside of a compound state: its initial state, its children, their transitions and final markers. */
function contentLines(node: AnyStateNode, byBlock: Map<AnyStateNode, MachineTransition[]>, depth: number): string[] {
  const pad = indent(depth);
  const lines: string[] = [];
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${pad}[*] --> ${idOf(initial)}`);
  for (const child of Object.values(node.states) as AnyStateNode[]) lines.push(...stateLines(child, byBlock, depth));
  lines.push(...transitionLines(node, byBlock, depth));
  for (const child of Object.values(node.states) as AnyStateNode[]) {
    if (child.type === 'final') lines.push(`${pad}${idOf(child)} --> [*]`);
  }
  return lines;
}

/**
 * One arrow per pair of states, its label every way from the one to the
 * other (`EXPIRED / WAKE [isDue] / …`): Mermaid draws parallel arrows on
 * top of each other, and their labels over each other with them.
 */
function transitionLines(block: AnyStateNode, byBlock: Map<AnyStateNode, MachineTransition[]>, depth: number): string[] {
  const arrows = new Map<string, string[]>();
  for (const transition of byBlock.get(block) ?? []) {
    const arrow = `${idOf(transition.source)} --> ${idOf(transition.target)}`;
    arrows.set(arrow, [...(arrows.get(arrow) ?? []), transitionLabel(transition.kind, transition.trigger, transition.guard, ' ')]);
  }
  return [...arrows].map(([arrow, labels]) => `${indent(depth)}${arrow} : ${labels.join(' / ')}`);
}

/** Entry actions and invoked actors, shown inside the state box. */
function notesOf(node: AnyStateNode): string[] {
  const notes: string[] = [];
  const entry = node.entry.map(actionName).filter((name): name is string => name !== undefined);
  if (entry.length > 0) notes.push(`entry ${entry.join(', ')}`);
  for (const invoke of node.invoke) notes.push(`invoke ${invoke.id}`);
  return notes;
}
