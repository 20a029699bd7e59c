import { bootModel } from '../../model/models/boot.model.ts';
import { bootDriver } from './support/bootDriver.ts';
import { BOOT_STACK } from './support/bootRun.ts';
import { describeBrowserPaths, JOINED_PATH_STEPS } from './support/browserPaths.ts';

await describeBrowserPaths(bootModel, bootDriver, { stack: BOOT_STACK, joinUpTo: JOINED_PATH_STEPS, concurrent: true });
