import { callbackModel } from '../../model/models/callback.model.ts';
import { describeBrowserPaths } from './support/browserPaths.ts';
import { CALLBACK_UNREACHABLE_IN_BROWSER, callbackDriver } from './support/callbackDriver.ts';

// The machine's waitingForActivation outcome needs a backend that answers an
// inactive user so (ABP's template answers 500 "Inloggen mislukt!"): the
// stand-in is switched to it, and `nieuw` is that user.
await describeBrowserPaths(callbackModel, callbackDriver, {
  unreachable: CALLBACK_UNREACHABLE_IN_BROWSER,
  stack: { inactiveUserSignIn: 'waitingForActivation' },
});
