import { getNextTransitions, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { machineTransitions, type MachineTransition } from '../machines/read.ts';
import { describeTransition } from './coverage.ts';
import { stateKey, stepLabel, type MachineModel, type ModelPath, type PathStep, type StepKind } from './model.ts';
import { PreemptedDelay, walkPath } from './walk.ts';

interface Described {
  kind: StepKind;
  trigger: string;
  outcome: string | undefined;
  payload: unknown;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/**
 * The events of the graph in a snapshot. xstate/graph discovers events only
 * when no `events` option is given, and then without payloads; so this does
 * the discovery itself (every transition `getNextTransitions` lists, eventless
 * ones aside) and adds one event per outcome: each `done` output and `error`
 * value of an invoked actor, each payload variant of an external event.
 */
function eventsOf(model: MachineModel, described: WeakMap<AnyEventObject, Described>) {
  return (snapshot: AnyMachineSnapshot): AnyEventObject[] => {
    const seen = new Set<string>();
    const events: AnyEventObject[] = [];
    const add = (event: AnyEventObject, description: Described) => {
      described.set(event, description);
      events.push(event);
    };
    for (const transition of getNextTransitions(snapshot)) {
      const type = transition.eventType;
      if (!type || seen.has(type)) continue;
      seen.add(type);
      if (type.startsWith(DONE) || type.startsWith(ERROR)) {
        const kind = type.startsWith(DONE) ? 'done' : 'error';
        const id = type.slice(kind === 'done' ? DONE.length : ERROR.length);
        const outcomes = model.outcomes[id]?.[kind];
        if (!outcomes || Object.keys(outcomes).length === 0) throw new Error(`model ${model.name}: no ${kind} outcome for ${id}`);
        for (const [outcome, value] of Object.entries(outcomes)) {
          const event = kind === 'done' ? { type, output: value, actorId: id } : { type, error: value, actorId: id };
          add(event, { kind, trigger: id, outcome, payload: value });
        }
      } else if (type.startsWith(AFTER)) {
        const delay = (transition as { delay?: unknown }).delay;
        add({ type }, { kind: 'after', trigger: String(delay), outcome: undefined, payload: undefined });
      } else {
        const variants = model.events?.[type];
        if (!variants) add({ type }, { kind: 'event', trigger: type, outcome: undefined, payload: { type } });
        else
          for (const [outcome, payload] of Object.entries(variants)) {
            const event = { ...payload, type };
            add(event, { kind: 'event', trigger: type, outcome, payload: event });
          }
      }
    }
    return events;
  };
}

/**
 * One shortest path to every transition the graph can take. A plain shortest
 * path search covers states, not transitions; so a "state" of the search is
 * the step into it: the state before, the event with its outcome, and the
 * state after (each with the model's context key, if any). Then every
 * (state, outcome) pair gets its own path.
 */
export function candidatePaths(model: MachineModel): ModelPath[] {
  const described = new WeakMap<AnyEventObject, Described>();
  const label = (event: AnyEventObject | undefined) => {
    if (!event) return '';
    const description = described.get(event);
    return description ? stepLabel(description.kind, description.trigger, description.outcome) : event.type;
  };
  const contextKey = model.contextKey as ((context: unknown) => string) | undefined;
  const where = (snapshot: AnyMachineSnapshot | undefined) =>
    snapshot && contextKey ? `${stateKey(snapshot.value)}${contextKey(snapshot.context)}` : stateKey(snapshot?.value);
  const paths: ModelPath[] = [];
  for (const input of Object.keys(model.inputs)) {
    const found = getShortestPaths(model.machine, {
      input: model.inputs[input],
      events: eventsOf(model, described),
      serializeEvent: (event: AnyEventObject) => label(event),
      serializeState: (snapshot: AnyMachineSnapshot, event: AnyEventObject | undefined, previous?: AnyMachineSnapshot) =>
        `${where(previous)} | ${label(event)} | ${where(snapshot)}`,
    } as never) as unknown as { steps: { event: AnyEventObject; state: AnyMachineSnapshot }[] }[];
    for (const path of found) {
      const steps: PathStep[] = path.steps.map(({ event, state }, index) => {
        if (index === 0)
          return { kind: 'start', trigger: input, outcome: undefined, label: `start (${input})`, payload: undefined, state: state.value };
        const description = described.get(event);
        if (!description) throw new Error(`model ${model.name}: an event without description: ${event.type}`);
        return { ...description, label: stepLabel(description.kind, description.trigger, description.outcome), state: state.value };
      });
      paths.push({ id: '', machine: model.name, input, steps, transitions: [] });
    }
  }
  return paths;
}

export interface GeneratedPaths {
  /** The chosen paths: together they take every transition any candidate takes, and go through every `through` entry. */
  paths: ModelPath[];
  /** How many candidate paths the graph gave. */
  candidates: number;
  /** Transition keys of the machine that no candidate takes. */
  unreachable: string[];
  /** The `through` entries asked for (the model's and the options'), each with the ids of the chosen paths through it. */
  through: { wanted: string; paths: string[] }[];
}

export interface GenerateOptions {
  /** Keeps only the candidates a test level can carry out (the browser cannot do every step). */
  feasible?: (path: ModelPath) => boolean;
  /** More steps or transitions a path must go through, as in `MachineModel.through`. */
  through?: string[];
  /**
   * Joins paths up to this many steps, for a level where each path pays a
   * start of its own (a browser context and a sign-in): a chosen path goes
   * on from the state it ended in, as long as some candidate passes through
   * that state and takes transitions after it that no path took yet.
   */
  joinUpTo?: number;
}

/** A candidate as walked: the state (with the model's context key) after each step, and the transitions each step took. */
interface Walked {
  path: ModelPath;
  where: string[];
  taken: string[][];
}

/** Walks a path against the machine; undefined when it is no path (a state not reached, a delay another timer beats). */
async function walked(model: MachineModel, path: ModelPath): Promise<Walked | undefined> {
  const contextKey = model.contextKey as ((context: unknown) => string) | undefined;
  const taken: string[][] = [];
  try {
    const result = await walkPath(model, path, { onStep: (_step, _snapshot, transitions) => taken.push(transitions) });
    path.transitions = [...new Set(result.transitions)];
    return { path, where: result.steps.map(({ state, context }) => `${stateKey(state)}${contextKey?.(context) ?? ''}`), taken };
  } catch (error) {
    if (error instanceof PreemptedDelay) return undefined;
    throw error;
  }
}

/**
 * The chosen path, continued while it can take transitions still in
 * `remaining`: each time with the rest of the candidate, from a step where
 * it stands in the state the path ended in, that takes the most of them per
 * step (the fewer steps on a tie). A continuation the level cannot carry
 * out, or the machine does not take as the candidate did, is passed over.
 */
async function joined(
  model: MachineModel,
  first: Walked,
  candidates: Walked[],
  remaining: Set<string>,
  upTo: number,
  feasible: (path: ModelPath) => boolean,
): Promise<ModelPath> {
  let path = first;
  for (;;) {
    const end = path.where.at(-1);
    const room = upTo - (path.path.steps.length - 1);
    const continuations = candidates
      .flatMap((candidate) =>
        candidate.where.flatMap((where, index) => {
          const length = candidate.where.length - 1 - index;
          if (where !== end || length === 0 || length > room) return [];
          const gain = new Set(
            candidate.taken
              .slice(index + 1)
              .flat()
              .filter((key) => remaining.has(key)),
          ).size;
          return gain > 0 ? [{ steps: candidate.path.steps.slice(index + 1), gain }] : [];
        }),
      )
      .sort((a, b) => b.gain / b.steps.length - a.gain / a.steps.length || a.steps.length - b.steps.length);
    let next: Walked | undefined;
    for (const continuation of continuations) {
      const longer: ModelPath = { ...path.path, steps: [...path.path.steps, ...continuation.steps], transitions: [] };
      if (!feasible(longer)) continue;
      next = await walked(model, longer).catch(() => undefined);
      if (next) break;
    }
    if (!next) return path.path;
    for (const key of next.path.transitions) remaining.delete(key);
    path = next;
  }
}

/** Between the steps of a `through` entry that must follow one another: `ADDED (expires in 5 min) → WAKE`. */
export const THEN = ' → ';
/** A step of a `through` sequence that stands for any steps, none too: `after serverRetry → … → done initSession (ok)`. */
export const ANY_STEPS = '…';

/** Whether the labels, from `from` on, begin with the steps `wanted` (`…` any number of steps). */
function stepsFrom(labels: string[], from: number, wanted: string[]): boolean {
  const [first, ...rest] = wanted;
  if (first === undefined) return true;
  if (first === ANY_STEPS)
    return labels.slice(from).some((_, skip) => stepsFrom(labels, from + skip, rest)) || stepsFrom(labels, labels.length, rest);
  return labels[from] === first && stepsFrom(labels, from + 1, rest);
}

/**
 * Whether the path has a step labelled `wanted`, or the steps of `wanted`
 * one right after the other (`start (just active) → STAY (now)`, with `…`
 * for any steps between two), or takes a transition whose key, label or
 * `source --label--> target` is `wanted`.
 */
export function goesThrough(path: ModelPath, wanted: string, transitions: Map<string, MachineTransition>): boolean {
  if (path.steps.some((step) => step.label === wanted)) return true;
  if (wanted.includes(THEN)) {
    const labels = path.steps.map((step) => step.label);
    const sequence = wanted.split(THEN);
    return labels.some((_, from) => stepsFrom(labels, from, sequence));
  }
  return path.transitions.some((key) => {
    const transition = transitions.get(key);
    return key === wanted || (transition !== undefined && (transition.label === wanted || describeTransition(transition) === wanted));
  });
}

/**
 * The paths to test: all candidates are run once against the machine with
 * stand-in actors to learn which transitions each takes, then a greedy set
 * cover picks the fewest paths that take every transition (the path taking
 * the most not yet taken first, the shorter one on a tie). A path through
 * each `through` entry that none of them goes through is added (the
 * shortest), so an outcome that takes the same transition as another one
 * (a 403 beside a 500) is walked too. With `joinUpTo`, each chosen path
 * goes on as long as it can take transitions no path took yet (`joined`).
 * Ids follow the order: `boot#1`, ….
 */
export async function generatePaths(model: MachineModel, options: GenerateOptions = {}): Promise<GeneratedPaths> {
  const feasible = options.feasible ?? (() => true);
  const walkedCandidates: Walked[] = [];
  // The graph offers every delay of a state and its parents; one that another timer always beats is no path.
  for (const path of candidatePaths(model).filter(feasible)) {
    const walk = await walked(model, path);
    if (walk) walkedCandidates.push(walk);
  }
  const candidates = walkedCandidates.map((walk) => walk.path);
  const transitions = machineTransitions(model.machine);
  const byKey = new Map(transitions.map((transition) => [transition.key, transition]));
  const remaining = new Set(candidates.flatMap((path) => path.transitions));
  const unreachable = transitions.map((transition) => transition.key).filter((key) => !remaining.has(key));
  const chosen: ModelPath[] = [];
  while (remaining.size > 0) {
    let best: ModelPath | undefined;
    let bestGain = 0;
    for (const path of candidates) {
      const gain = path.transitions.filter((key) => remaining.has(key)).length;
      if (gain > bestGain || (gain === bestGain && best && gain > 0 && path.steps.length < best.steps.length)) {
        best = path;
        bestGain = gain;
      }
    }
    if (!best) break;
    for (const key of best.transitions) remaining.delete(key);
    const walk = walkedCandidates[candidates.indexOf(best)]!;
    chosen.push(options.joinUpTo ? await joined(model, walk, walkedCandidates, remaining, options.joinUpTo, feasible) : best);
  }
  const wanted = [...new Set([...(model.through ?? []), ...(options.through ?? [])])];
  for (const entry of wanted) {
    if (chosen.some((path) => goesThrough(path, entry, byKey))) continue;
    const through = candidates.filter((path) => goesThrough(path, entry, byKey)).sort((a, b) => a.steps.length - b.steps.length);
    if (!through[0])
      throw new Error(
        `model ${model.name}: no ${options.feasible ? 'feasible ' : ''}path goes through "${entry}"; steps there are: ${stepLabels(candidates).join('; ')}`,
      );
    chosen.push(through[0]);
  }
  chosen.forEach((path, index) => (path.id = `${model.name}#${index + 1}`));
  return {
    paths: chosen,
    candidates: candidates.length,
    unreachable,
    through: wanted.map((entry) => ({
      wanted: entry,
      paths: chosen.filter((path) => goesThrough(path, entry, byKey)).map((path) => path.id),
    })),
  };
}

/** Every step label the candidates have, for a message that says what can be asked for. */
function stepLabels(paths: ModelPath[]): string[] {
  return [...new Set(paths.flatMap((path) => path.steps.slice(1).map((step) => step.label)))].sort();
}

/** The coverage line with how the paths were chosen, and one line per `through` entry. */
export function coverageLine(line: string, generated: GeneratedPaths, runs = 'paths chosen'): string {
  const through = generated.through.map(({ wanted, paths }) => `\n  through "${wanted}": ${paths.join(', ')}`);
  return `${line}; ${generated.paths.length} ${runs} from ${generated.candidates} candidates${through.join('')}`;
}
