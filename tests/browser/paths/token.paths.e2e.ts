import { vi } from 'vitest';
import { tokenModel } from '../../model/models/token.model.ts';
import { describeBrowserPaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';
import { browserThrough, TOKEN_STACK, tokenDriver } from './support/tokenDriver.ts';

// The model's times are relative to when it is built: Date is frozen while the paths are generated (as in the unit run), real again for the browser runs.
vi.useFakeTimers({ toFake: ['Date'] });
await describeBrowserPaths(browserThrough(tokenModel()), tokenDriver, {
  stack: TOKEN_STACK,
  joinUpTo: JOINED_PATH_STEPS,
  concurrent: true,
});
vi.useRealTimers();
