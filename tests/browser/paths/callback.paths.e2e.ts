import { callbackModel } from '../../model/models/callback.model.ts';
import { describeBrowserPaths } from './support/browserPaths.ts';
import { CALLBACK_UNREACHABLE_IN_BROWSER, callbackDriver } from './support/callbackDriver.ts';

await describeBrowserPaths(callbackModel, callbackDriver, { unreachable: CALLBACK_UNREACHABLE_IN_BROWSER });
