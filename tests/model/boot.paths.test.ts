import { bootModel } from './models/boot.model.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeUnitPaths } from './support/unitPaths.ts';

describeUnitPaths(bootModel, await generatePaths(bootModel));
