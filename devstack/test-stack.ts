import { onFreePorts } from './ports.ts';
import { startStack, type Stack, type StackOptions } from './stack.ts';

// The whole local stack on free ports, for tests and the benchmark: several
// can run side by side, and none takes the ports `npm start` uses.

export interface TestStack extends Stack {
  ports: { app: number; idp: number; api: number };
}

/** The real local stack (provider, API, static server of dist/) on free ports (others when one was taken meanwhile), fault switches on. */
export function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  return onFreePorts(3, async (ports) => {
    const [app, idp, api] = ports as [number, number, number];
    const stack = await startStack({ appPort: app, idpPort: idp, apiPort: api, testMode: true, dist: 'dist', ...options });
    return { ...stack, ports: { app, idp, api } };
  });
}
