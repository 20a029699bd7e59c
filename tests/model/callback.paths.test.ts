import { callbackModel } from './models/callback.model.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeUnitPaths } from './support/unitPaths.ts';

describeUnitPaths(callbackModel, await generatePaths(callbackModel));
