import { bootModel } from '../../model/models/boot.model.ts';
import { bootEngineDriver } from './support/bootDriver.ts';
import { describeEnginePaths } from './support/browserPaths.ts';

// The bootMachine's generated paths in Firefox and WebKit, with the requests held in the stack.
await describeEnginePaths(bootModel, 'firefox', bootEngineDriver);
await describeEnginePaths(bootModel, 'webkit', bootEngineDriver);
