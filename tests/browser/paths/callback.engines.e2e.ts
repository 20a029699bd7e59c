import { callbackModel } from '../../model/models/callback.model.ts';
import { describeEnginePaths } from './support/browserPaths.ts';
import { CALLBACK_UNREACHABLE_IN_BROWSER, callbackEngineDriver } from './support/callbackDriver.ts';

// The callback's paths in Firefox and WebKit, with the requests held by the
// stack. As in Chromium (callback.paths.e2e.ts), `nieuw` signs in to a
// backend switched to answer an inactive user with waitingForActivation.
const options = { unreachable: CALLBACK_UNREACHABLE_IN_BROWSER, stack: { inactiveUserSignIn: 'waitingForActivation' } } as const;

await describeEnginePaths(callbackModel, 'firefox', callbackEngineDriver, options);
await describeEnginePaths(callbackModel, 'webkit', callbackEngineDriver, options);
