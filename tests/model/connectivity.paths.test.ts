import { connectivityModel } from './models/connectivity.model.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeUnitPaths } from './support/unitPaths.ts';

describeUnitPaths(connectivityModel, await generatePaths(connectivityModel));
