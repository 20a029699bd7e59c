import { vi } from 'vitest';
import { inactivityModel } from '../../model/models/inactivity.model.ts';
import { describeBrowserPaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';
import { INACTIVITY_SETTINGS, INACTIVITY_UNREACHABLE_IN_BROWSER, inactivityDriver } from './support/inactivityDriver.ts';

// The guards read Date.now(): frozen while the paths are generated (as in the unit run), real again for the browser runs.
vi.useFakeTimers({ toFake: ['Date'] });
await describeBrowserPaths(inactivityModel(), inactivityDriver, {
  unreachable: INACTIVITY_UNREACHABLE_IN_BROWSER,
  stack: { settings: INACTIVITY_SETTINGS },
  joinUpTo: JOINED_PATH_STEPS,
});
vi.useRealTimers();
