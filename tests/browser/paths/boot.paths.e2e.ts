import { bootModel } from '../../model/models/boot.model.ts';
import { BOOT_UNREACHABLE_IN_BROWSER } from './support/bootRun.ts';
import { bootDriver } from './support/bootDriver.ts';
import { describeBrowserPaths } from './support/browserPaths.ts';

await describeBrowserPaths(bootModel, bootDriver, { unreachable: BOOT_UNREACHABLE_IN_BROWSER });
