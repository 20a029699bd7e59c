import { connectivityMachine } from '../../../machines/connectivity.machine.ts';
import type { ConnectivityContext } from '../../../machines/connectivity.types.ts';
import type { MachineModel } from '../../../scripts/paths/model.ts';
import { connectivityRules } from '../rules/connectivity.rules.ts';

/**
 * The connection watch: the browser's offline and online events, requests
 * without an answer, the person's "try now", and attempts that reach the
 * API or not. The cause is part of the state a person sees (offline or the
 * server out of reach), so paths tell them apart.
 */
export const connectivityModel: MachineModel = {
  name: 'connectivity',
  machine: connectivityMachine,
  inputs: { online: undefined },
  outcomes: {
    probe: {
      done: { answered: undefined },
      error: { 'no answer': { kind: 'network', detail: 'Failed to fetch' } },
    },
  },
  rules: connectivityRules,
  contextKey: (context: ConnectivityContext) => (context.cause ? ` (${context.cause})` : ''),
};
