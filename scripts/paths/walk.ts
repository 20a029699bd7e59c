import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type InspectionEvent,
  type StateValue,
} from 'xstate';
import { transitionKey } from '../machines/read.ts';
import { stateKey, type MachineModel, type ModelPath, type PathStep, type RunAction, type WalkedStep } from './model.ts';

export type { RunAction, WalkedStep } from './model.ts';

/** A delay that cannot be reached: another timer of the machine fires first (two timers in nested states), or its state is left at once by a timer already due. */
export class PreemptedDelay extends Error {
  override name = 'PreemptedDelay';
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

export interface WalkOptions {
  /** Called after each step with the state the machine really reached. */
  onStep?: (step: PathStep, snapshot: AnyMachineSnapshot, transitions: string[]) => void;
}

export interface WalkResult {
  /** Keys of the transitions the machine took, in order. */
  transitions: string[];
  /** The state value after each step, as reached. */
  states: StateValue[];
  /** Each step with what it reached, in order, the start first. */
  steps: WalkedStep[];
}

interface ScheduledEvents {
  _scheduledEvents: Record<string, { event: AnyEventObject; delay: number }>;
}

/** The machine's waiting delayed events (xstate's system keeps them for a persisted snapshot). */
function timersOf(actor: AnyActorRef): string[] {
  const { _scheduledEvents: scheduled } = (actor.system as { getSnapshot(): ScheduledEvents }).getSnapshot();
  return Object.values(scheduled)
    .map(({ event, delay }) => `${event.type.replace(/^xstate\.after\./, '')} (${delay} ms)`)
    .sort();
}

/** Lets settled stand-in promises reach the machine. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs one path against the real machine: every invoked actor is replaced
 * by a stand-in that waits until the path says how it ends, delays run on a
 * simulated clock, and external events are sent as they are. Records the
 * transitions the machine takes through the inspection API, so what counts
 * as covered is what xstate itself did, not what the generator expected.
 */
export async function walkPath(model: MachineModel, path: ModelPath, options: WalkOptions = {}): Promise<WalkResult> {
  const pending = new Map<string, Pending>();
  const inputs = new Map<string, unknown>();
  const standIns = Object.fromEntries(
    Object.keys(model.machine.implementations.actors).map((name) => [
      name,
      fromPromise(({ self, input }) => {
        inputs.set(self.id, input);
        return new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }));
      }),
    ]),
  );
  const machine = model.machine.provide({ actors: standIns });
  const clock = new SimulatedClock();
  const taken: string[] = [];
  const ran: RunAction[] = [];
  // Only machines have microsteps and run actions, and the stand-ins are promises: every one is the machine's.
  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.action' && !event.action.type.startsWith('xstate.'))
      ran.push({ type: event.action.type, params: event.action.params });
    if (event.type !== '@xstate.microstep') return;
    for (const transition of event._transitions) taken.push(transitionKey(transition));
  };
  const [start, ...rest] = path.steps;
  if (!start || start.kind !== 'start') throw new Error(`path ${path.input} does not begin with a start step`);
  const actor: AnyActorRef = createActor(machine, { input: model.inputs[path.input], clock, inspect });
  const transitions: string[] = [];
  const states: StateValue[] = [];
  const steps: WalkedStep[] = [];
  let delay: number | undefined;

  const record = async (step: PathStep) => {
    await settle();
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const stepTransitions = taken.splice(0);
    transitions.push(...stepTransitions);
    states.push(snapshot.value);
    steps.push({
      step,
      state: snapshot.value,
      context: snapshot.context,
      actions: ran.splice(0),
      timers: timersOf(actor),
      running: Object.keys(snapshot.children).sort(),
      inputs: Object.fromEntries(Object.keys(snapshot.children).map((id) => [id, inputs.get(id)])),
      done: snapshot.status === 'done',
      ...(delay === undefined ? {} : { delay }),
    });
    delay = undefined;
    options.onStep?.(step, snapshot, stepTransitions);
    if (stateKey(snapshot.value) !== stateKey(step.state)) {
      throw new Error(`step "${step.label}": expected ${stateKey(step.state)}, the machine is in ${stateKey(snapshot.value)}`);
    }
  };

  actor.start();
  await record(start);
  for (const step of rest) {
    switch (step.kind) {
      case 'event':
        actor.send(step.payload as AnyEventObject);
        break;
      case 'done':
      case 'error': {
        const running = pending.get(step.trigger);
        if (!running) throw new Error(`step "${step.label}": ${step.trigger} is not running`);
        pending.delete(step.trigger);
        if (step.kind === 'done') running.resolve(step.payload);
        else running.reject(step.payload);
        break;
      }
      case 'after': {
        const ms = delayOf(model, step.trigger, actor.getSnapshot() as AnyMachineSnapshot);
        delay = ms;
        if (ms > 0) {
          clock.increment(ms - 1);
          await settle();
          const before = stateKey((actor.getSnapshot() as AnyMachineSnapshot).value);
          if (before !== stateKey(states.at(-1)))
            throw new PreemptedDelay(`step "${step.label}": left ${stateKey(states.at(-1))} at ${ms - 1} ms, before the delay of ${ms} ms`);
        }
        clock.increment(ms > 0 ? 1 : 0);
        await settle();
        const after = stateKey((actor.getSnapshot() as AnyMachineSnapshot).value);
        // The state the delay leads to starts a timer of its own that is already due (a fixed end both warned of and reached while the tab slept): it is left at once.
        if (after !== stateKey(step.state))
          throw new PreemptedDelay(
            `step "${step.label}": ${stateKey(step.state)} is left at once, for ${after}: a timer due at the same moment`,
          );
        break;
      }
      default:
        throw new Error(`unexpected step kind ${step.kind}`);
    }
    await record(step);
  }
  actor.stop();
  return { transitions, states, steps };
}

/** The length of a named delay for the current snapshot, as the machine computes it. */
export function delayOf(model: MachineModel, name: string, snapshot: AnyMachineSnapshot): number {
  const delay = (model.machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return (delay as (args: unknown) => number)({ context: snapshot.context, event: { type: '' } });
  throw new Error(`delay ${name} is not named in the machine`);
}
