import { describe, vi } from 'vitest';
import { inactivityModel } from '../../model/models/inactivity.model.ts';
import { describeEnginePaths } from './support/browserPaths.ts';
import { INACTIVITY_ENGINE_SETTINGS, INACTIVITY_UNREACHABLE_IN_ENGINES, inactivityEngineDriver } from './support/inactivityDriver.ts';
import { CALIBRATION } from '../../support/limits.ts';

// Firefox and WebKit side by side, each with its own browser and stack (their paths run in real time and mostly wait);
// one after the other where the run has one CPU, which two browsers would share.
const sideBySide = CALIBRATION.cpus >= 2 ? describe.concurrent : describe;

sideBySide('inactivityMachine paths in Firefox and WebKit', async () => {
  // The guards read Date.now(): frozen while the paths are generated (as in the unit run), real again for the browser runs.
  vi.useFakeTimers({ toFake: ['Date'] });
  for (const engine of ['firefox', 'webkit'] as const) {
    await describeEnginePaths(inactivityModel(), engine, inactivityEngineDriver, {
      unreachable: INACTIVITY_UNREACHABLE_IN_ENGINES,
      stack: { settings: INACTIVITY_ENGINE_SETTINGS },
    });
  }
  vi.useRealTimers();
});
