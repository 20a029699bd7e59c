import type { AnyStateMachine } from 'xstate';
import { machineTransitions, statePath, type MachineTransition } from '../machines/read.ts';

export interface Coverage {
  /** `coverage boot (unit): 13/13 transitions (100%)` */
  line: string;
  covered: MachineTransition[];
  missing: MachineTransition[];
}

/** Which of the machine's transitions (see docs/machines.md) a set of taken transition keys covers. */
export function coverageOf(name: string, level: string, machine: AnyStateMachine, taken: Iterable<string>): Coverage {
  const keys = new Set(taken);
  const all = machineTransitions(machine);
  const covered = all.filter((transition) => keys.has(transition.key));
  const missing = all.filter((transition) => !keys.has(transition.key));
  const percent = all.length === 0 ? 100 : Math.floor((covered.length / all.length) * 100);
  return { line: `coverage ${name} (${level}): ${covered.length}/${all.length} transitions (${percent}%)`, covered, missing };
}

/** `flow.parsingTokens --done: parseTokens [hasAccessToken]--> flow.loggingIn` */
export function describeTransition(transition: MachineTransition): string {
  return `${statePath(transition.source)} --${transition.label}--> ${statePath(transition.target)}`;
}
