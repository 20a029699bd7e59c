import { bootModel } from '../../model/models/boot.model.ts';
import { bootEngineDriver } from './support/bootDriver.ts';
import { BOOT_STACK } from './support/bootRun.ts';
import { describeEnginePaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';

// The bootMachine's generated paths in Firefox and WebKit, with the requests held in the stack.
await describeEnginePaths(bootModel, 'firefox', bootEngineDriver, { stack: BOOT_STACK, joinUpTo: JOINED_PATH_STEPS, concurrent: true });
await describeEnginePaths(bootModel, 'webkit', bootEngineDriver, { stack: BOOT_STACK, joinUpTo: JOINED_PATH_STEPS, concurrent: true });
