import { vi } from 'vitest';
import { tokenModel } from '../../model/models/token.model.ts';
import { describeEnginePaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';
import { browserThrough, TOKEN_ENGINE_STACK, tokenEngineDriver } from './support/tokenDriver.ts';

// The token machine's paths in Firefox and WebKit, on the page clock the test stack's app server gives every page, with
// the requests held in the stack. One engine after the other: side by side saved about a minute of six (docs/testing.md,
// "The token paths in the browser"); an engine's paths side by side, each on a stack of its own (`concurrent`).
// The model's times are relative to when it is built: Date is frozen while the paths are generated (as in the unit run),
// real again for the browser runs.
vi.useFakeTimers({ toFake: ['Date'] });
for (const engine of ['firefox', 'webkit'] as const)
  await describeEnginePaths(browserThrough(tokenModel()), engine, tokenEngineDriver, {
    stack: TOKEN_ENGINE_STACK,
    joinUpTo: JOINED_PATH_STEPS,
    concurrent: true,
  });
vi.useRealTimers();
