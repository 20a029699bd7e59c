import { describe, expect, it } from 'vitest';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { pathName, stateKey, type MachineModel } from '../../scripts/paths/model.ts';
import { walkPath } from '../../scripts/paths/walk.ts';
import { bootModel } from './models/boot.model.ts';

/** The boot model with one more outcome, as a tester adds it: a 403 on GetAll, which takes the same transition as the 500. */
function withForbidden(through?: string[]): MachineModel {
  const loadUserConfiguration = bootModel.outcomes.loadUserConfiguration!;
  return {
    ...bootModel,
    outcomes: {
      ...bootModel.outcomes,
      loadUserConfiguration: { ...loadUserConfiguration, error: { ...loadUserConfiguration.error, '403': { kind: 'forbidden', detail: 'HTTP 403', status: 403 } } },
    },
    through,
  };
}

const FORBIDDEN = 'error loadUserConfiguration (403)';
const SERVER = 'error loadUserConfiguration (500)';
const through = (names: string[], step: string) => names.filter((name) => name.includes(step));

describe('paths through a given step', () => {
  it('are not all chosen for coverage alone: two outcomes that take the same transition share one path', async () => {
    const names = (await generatePaths(withForbidden())).paths.map(pathName);
    expect(through(names, FORBIDDEN).length + through(names, SERVER).length).toBe(1);
  });

  it('are added when the model asks for them, and walk to the state the machine reaches', async () => {
    const plain = await generatePaths(bootModel);
    const generated = await generatePaths(withForbidden([FORBIDDEN, SERVER]));
    const names = generated.paths.map(pathName);
    expect(generated.paths).toHaveLength(plain.paths.length + 1);
    expect(through(names, FORBIDDEN)).toEqual([expect.stringMatching(/^boot#\d+ start \(nl\) → done loadConfig \(ok\) → error loadUserConfiguration \(403\)$/)]);
    expect(through(names, SERVER)).toHaveLength(1);
    expect(generated.through.map(({ wanted, paths }) => [wanted, paths.length])).toEqual([[FORBIDDEN, 1], [SERVER, 1]]);
    const forbidden = generated.paths.find((path) => pathName(path).endsWith(FORBIDDEN))!;
    const walked = await walkPath(withForbidden(), forbidden);
    expect(walked.states.map((state) => stateKey(state))).toEqual(['loadingConfig', 'loadingUserConfiguration', 'initialisingSession']);
  });

  it('can be asked for by transition, and need no new path when a chosen one goes through it', async () => {
    const generated = await generatePaths(bootModel, { through: ['loadingUserConfiguration --error: loadUserConfiguration [isUnauthorized]--> dynamicScriptsInitialized'] });
    expect(generated.paths).toHaveLength((await generatePaths(bootModel)).paths.length);
    expect(generated.through[0]!.paths).toHaveLength(1);
  });

  it('stop the generator with the steps that exist when none goes through the step', async () => {
    await expect(generatePaths(bootModel, { through: [FORBIDDEN] })).rejects.toThrow(/no path goes through "error loadUserConfiguration \(403\)"; steps there are: .*error loadUserConfiguration \(500\)/);
  });
});
