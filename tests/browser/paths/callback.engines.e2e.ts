import { callbackModel } from '../../model/models/callback.model.ts';
import { describeEnginePaths } from './support/browserPaths.ts';
import { CALLBACK_ENGINE_STACK, CALLBACK_UNREACHABLE_IN_BROWSER, callbackEngineDriver } from './support/callbackDriver.ts';

// The callback's paths in Firefox and WebKit, with the requests held by the
// stack. As in Chromium (callback.paths.e2e.ts), `nieuw` signs in to a
// backend switched to answer an inactive user with waitingForActivation; the 5 s before the retry message on the page clock.
const options = { unreachable: CALLBACK_UNREACHABLE_IN_BROWSER, stack: CALLBACK_ENGINE_STACK } as const;

await describeEnginePaths(callbackModel, 'firefox', callbackEngineDriver, options);
await describeEnginePaths(callbackModel, 'webkit', callbackEngineDriver, options);
