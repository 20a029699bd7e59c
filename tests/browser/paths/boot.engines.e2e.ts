import { bootModel } from '../../model/models/boot.model.ts';
import { bootEngineDriver } from './support/bootDriver.ts';
import { BOOT_STACK } from './support/bootRun.ts';
import { describeEnginePaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';

// The bootMachine's generated paths in Firefox and WebKit, with the requests held in the stack; an engine's paths side by
// side, each on a stack of its own (`concurrent`: a held request's time-out and the server's wait are watched).
const options = { stack: BOOT_STACK, joinUpTo: JOINED_PATH_STEPS, concurrent: true } as const;

await describeEnginePaths(bootModel, 'firefox', bootEngineDriver, options);
await describeEnginePaths(bootModel, 'webkit', bootEngineDriver, options);
