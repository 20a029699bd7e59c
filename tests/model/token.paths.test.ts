import { vi } from 'vitest';
import { tokenModel } from './models/token.model.ts';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { describeUnitPaths } from './support/unitPaths.ts';

// renewBeforeExpiry is computed from Date.now(): frozen, it is the same when generated and when walked.
vi.useFakeTimers({ toFake: ['Date'] });
const model = tokenModel();
describeUnitPaths(model, await generatePaths(model), () => vi.useRealTimers());
