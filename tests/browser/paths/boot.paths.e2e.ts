import { bootModel } from '../../model/models/boot.model.ts';
import { bootDriver } from './support/bootDriver.ts';
import { describeBrowserPaths } from './support/browserPaths.ts';

await describeBrowserPaths(bootModel, bootDriver);
