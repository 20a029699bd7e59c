import { vi } from 'vitest';
import { inactivityModel } from '../../model/models/inactivity.model.ts';
import { describeEnginePaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';
import { INACTIVITY_ENGINE_STACK, INACTIVITY_UNREACHABLE_IN_ENGINES, inactivityEngineDriver } from './support/inactivityDriver.ts';

// The inactivityMachine's paths in Firefox and WebKit, on the page clock the test stack gives every page. One engine
// after the other, as the other paths: on the clock they work more than they wait, and beside each other each engine's
// paths took up to three times as long (WebKit's 5 s became 17).
// The guards read Date.now(): frozen while the paths are generated (as in the unit run), real again for the browser runs.
vi.useFakeTimers({ toFake: ['Date'] });
for (const engine of ['firefox', 'webkit'] as const)
  await describeEnginePaths(inactivityModel(), engine, inactivityEngineDriver, {
    unreachable: INACTIVITY_UNREACHABLE_IN_ENGINES,
    stack: INACTIVITY_ENGINE_STACK,
    joinUpTo: JOINED_PATH_STEPS,
  });
vi.useRealTimers();
