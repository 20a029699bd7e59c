import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { extractMachinesFromFile } from '@xstate/machine-extractor';
import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../scripts/machines/document.ts';
import { actionName, machineTransitions, statePath } from '../../scripts/machines/read.ts';

/**
 * Stately's editor and visualiser read a machine file with
 * @xstate/machine-extractor. What it reads is built into a machine again
 * here and compared with the real one: every state (type, initial state,
 * entry and exit actions, invokes), every transition (source, trigger,
 * guard, target, actions with their params, re-entry) and the delays. A
 * part it cannot read (a function as params, say) is warned about and left
 * out, and so would be lost when the editor saves the file.
 */

type Json = Record<string, unknown>;

/** The extractor's named action or guard, as an xstate config item. */
function named(item: unknown): unknown {
  const { kind, ...rest } = item as Json;
  if (kind !== 'named') throw new Error(`an inline implementation: ${JSON.stringify(item)}`);
  const { type, params } = ('action' in rest ? rest.action : rest) as { type: string; params?: unknown };
  const empty = params === undefined || (typeof params === 'object' && params !== null && Object.keys(params).length === 0);
  return empty ? type : { type, params };
}

const many = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function transition(config: Json): Json {
  const { cond, actions, internal, ...rest } = config;
  if (internal !== undefined) throw new Error('internal is xstate v4; the machines use reenter');
  return { ...rest, ...(cond ? { guard: named(cond) } : {}), ...(actions ? { actions: many(actions).map(named) } : {}) };
}

function transitions(value: unknown): Json[] {
  return many(value as Json | Json[]).map(transition);
}

/** The extracted config in xstate v5 form: `cond` is `guard`, actions and guards lose the extractor's `kind`. */
function toV5(config: Json): Json {
  const { entry, exit, on, after, always, invoke, states, onDone, ...rest } = config;
  return {
    ...rest,
    // The context is code (a function of the input) that the extractor keeps as text.
    context: undefined,
    ...(entry ? { entry: many(entry).map(named) } : {}),
    ...(exit ? { exit: many(exit).map(named) } : {}),
    ...(on ? { on: Object.fromEntries(Object.entries(on as Json).map(([event, t]) => [event, transitions(t)])) } : {}),
    ...(after ? { after: Object.fromEntries(Object.entries(after as Json).map(([delay, t]) => [delay, transitions(t)])) } : {}),
    ...(always ? { always: transitions(always) } : {}),
    ...(onDone ? { onDone: transitions(onDone) } : {}),
    ...(invoke
      ? {
          invoke: many(invoke as Json | Json[]).map(({ kind, onDone: done, onError, ...invokeRest }) => {
            if (kind !== 'named') throw new Error(`an inline actor in ${JSON.stringify(invokeRest)}`);
            return { ...invokeRest, ...(done ? { onDone: transitions(done) } : {}), ...(onError ? { onError: transitions(onError) } : {}) };
          }),
        }
      : {}),
    ...(states ? { states: Object.fromEntries(Object.entries(states as Json).map(([key, state]) => [key, toV5(state as Json)])) } : {}),
  };
}

interface Extracted {
  warnings: string[];
  machine: AnyStateMachine;
  /** Every event transition the file marks `reenter: true` (see eventBranch). */
  reentering: Set<string>;
}

function extract(file: string): Extracted {
  const warnings: string[] = [];
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => warnings.push(String(args[0]));
  console.error = console.warn;
  try {
    const result = extractMachinesFromFile(readFileSync(resolve(import.meta.dirname, '../..', file), 'utf8'));
    const machines = result?.machines ?? [];
    if (machines.length !== 1 || !machines[0]) throw new Error(`${file}: ${machines.length} machines found, expected one`);
    const read = machines[0];
    const config = read.toConfig();
    if (!config) throw new Error(`${file}: no machine config read`);
    // toConfig speaks xstate v4 and leaves `reenter` out; the parse result has it.
    const reentering = new Set(
      read
        .getTransitions()
        .filter(({ config: t }) => (t as { reenter?: { value: boolean } }).reenter?.value === true)
        .filter(({ transitionPath }) => transitionPath[0] === 'on')
        .map(({ fromPath, transitionPath }) => eventBranch(fromPath.join('.'), String(transitionPath[1]), Number(transitionPath[2]))),
    );
    return { warnings, machine: createMachine(toV5(config as unknown as Json) as never), reentering };
  } finally {
    console.warn = warn;
    console.error = error;
  }
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

/** Each state as the editor shows it. */
function states(machine: AnyStateMachine): string[] {
  return allNodes(machine.root).map((node) =>
    [
      statePath(node) || '(root)',
      node.type,
      `initial ${(node.initial?.target?.[0] as AnyStateNode | undefined)?.key ?? '-'}`,
      `entry ${node.entry.map(actionName).join(',')}`,
      `exit ${node.exit.map(actionName).join(',')}`,
      `invoke ${node.invoke.map((invoke) => `${invoke.id}=${String(invoke.src)}`).join(',')}`,
    ].join(' | '),
  );
}

/** `source|EVENT|branch`: the same for the parse result's `on` transitions and the machine's event transitions. */
function eventBranch(source: string, event: string, branch: number): string {
  return `${source}|${event}|${branch}`;
}

/** Each transition with all the editor keeps of it; `reenter` from the machine itself, or from the parse result when given. */
function edges(machine: AnyStateMachine, reentering?: Set<string>): string[] {
  return machineTransitions(machine).map((t) => {
    const [, eventType, branch] = t.key.split('#');
    const definition = t.source.transitions.get(eventType!)?.[Number(branch)];
    const reenter = reentering
      ? t.kind === 'event' && reentering.has(eventBranch(statePath(t.source), t.trigger, Number(branch)))
      : definition?.reenter === true;
    const params = (definition?.actions ?? []).map(
      (action) => JSON.stringify((action as { params?: unknown }).params ?? null) ?? 'a function',
    );
    return `${statePath(t.source) || '(root)'} --${t.label}--> ${statePath(t.target) || '(root)'} | ${t.actions.join(',')} | params ${params.join(',')} | reenter ${reenter}`;
  });
}

describe("Stately's machine extractor", () => {
  it.each(MACHINES)('reads $file with no warning and nothing lost', ({ file, machine }) => {
    const extracted = extract(file);
    expect(extracted.warnings, 'the extractor warned').toEqual([]);
    expect(states(extracted.machine)).toEqual(states(machine));
    expect(edges(extracted.machine, extracted.reentering)).toEqual(edges(machine));
  });
});
