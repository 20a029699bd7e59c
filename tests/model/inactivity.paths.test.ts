import { vi } from 'vitest';
import { inactivityModel } from './models/inactivity.model.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeUnitPaths } from './support/unitPaths.ts';

// The guards and delays read Date.now(): frozen, it is the same when the paths are generated and when they are walked.
vi.useFakeTimers({ toFake: ['Date'] });
const model = inactivityModel();
describeUnitPaths(model, await generatePaths(model), () => vi.useRealTimers());
