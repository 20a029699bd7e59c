import { describe, expect, it } from 'vitest';
import { generatePaths } from '../../scripts/paths/generate.ts';
import { pathName, stateKey, type MachineModel } from '../../scripts/paths/model.ts';
import { walkPath } from '../../scripts/paths/walk.ts';
import { bootModel } from './models/boot.model.ts';
import { NODE_TEST_MS } from '../support/limits.ts';

/** The boot model with one more outcome, as a tester adds it: a 403 on GetAll, which takes the same transition as the 500; `through` instead of the model's own. */
function withForbidden(through?: string[]): MachineModel {
  const loadUserConfiguration = bootModel.outcomes.loadUserConfiguration!;
  return {
    ...bootModel,
    outcomes: {
      ...bootModel.outcomes,
      loadUserConfiguration: {
        ...loadUserConfiguration,
        error: { ...loadUserConfiguration.error, '403': { kind: 'forbidden', detail: 'HTTP 403', status: 403 } },
      },
    },
    through,
  };
}

/** The boot model without the `through` entries of its own, so what a test asks for is not met by them already. */
const plainBoot: MachineModel = { ...bootModel, through: undefined };
/** The ids of the chosen paths through `wanted`. */
const pathsThrough = (generated: { through: { wanted: string; paths: string[] }[] }, wanted: string) =>
  generated.through.find((entry) => entry.wanted === wanted)!.paths;

const FORBIDDEN = 'error loadUserConfiguration (403)';
const SERVER = 'error loadUserConfiguration (500)';
const through = (names: string[], step: string) => names.filter((name) => name.includes(step));

/**
 * Each case generates the boot model's paths once or twice, 1 to 2 s of CPU each
 * in a whole run (up to 3.7 s a case, and 5.1 s with more load beside it, past
 * the unit cases' 5 s): the time of join.test.ts, which generates as much.
 */
const GENERATING = { timeout: NODE_TEST_MS };

describe('paths through a given step', GENERATING, () => {
  it('are not all chosen for coverage alone: two outcomes that take the same transition share one path', async () => {
    const names = (await generatePaths(withForbidden())).paths.map(pathName);
    expect(through(names, FORBIDDEN).length + through(names, SERVER).length).toBe(1);
  });

  it('are added when the model asks for them, and walk to the state the machine reaches', async () => {
    const plain = await generatePaths(withForbidden());
    const generated = await generatePaths(withForbidden([FORBIDDEN, SERVER]));
    const names = generated.paths.map(pathName);
    expect(generated.paths).toHaveLength(plain.paths.length + 1);
    expect(through(names, FORBIDDEN)).toEqual([
      expect.stringMatching(
        /^boot#\d+ start \(nl\) → done loadConfig \(ok\) → (done chooseTenant \(chosen\)|error chooseTenant \(500\)) → error loadUserConfiguration \(403\)$/,
      ),
    ]);
    expect(through(names, SERVER)).toHaveLength(1);
    expect(generated.through.map(({ wanted, paths }) => [wanted, paths.length])).toEqual([
      [FORBIDDEN, 1],
      [SERVER, 1],
    ]);
    const forbidden = generated.paths.find((path) => pathName(path).endsWith(FORBIDDEN))!;
    const walked = await walkPath(withForbidden(), forbidden);
    expect(walked.states.map((state) => stateKey(state))).toEqual([
      'loadingConfig',
      'choosingTenant',
      'loadingUserConfiguration',
      'initialisingSession',
    ]);
  });

  it('can be asked for by transition, and need no new path when a chosen one goes through it', async () => {
    const unauthorized = 'loadingUserConfiguration --error: loadUserConfiguration [isUnauthorized]--> dynamicScriptsInitialized';
    const generated = await generatePaths(plainBoot, { through: [unauthorized] });
    expect(generated.paths).toHaveLength((await generatePaths(plainBoot)).paths.length);
    expect(pathsThrough(generated, unauthorized)).toHaveLength(1);
  });

  it('stop the generator with the steps that exist when none goes through the step', async () => {
    await expect(generatePaths(bootModel, { through: [FORBIDDEN] })).rejects.toThrow(
      /no path goes through "error loadUserConfiguration \(403\)"; steps there are: .*error loadUserConfiguration \(500\)/,
    );
  });
});

describe('paths through steps in order', GENERATING, () => {
  it('go through each step right after the one before, with `…` for any steps between', async () => {
    const restartThenServer = 'RESTART → error loadUserConfiguration (500)';
    const invalidThenRetry = 'error loadConfig (invalid) → … → RETRY';
    const plain = await generatePaths(plainBoot);
    const generated = await generatePaths(plainBoot, { through: [restartThenServer, invalidThenRetry] });
    const named = (id: string) => pathName(generated.paths.find((path) => path.id === id)!);
    expect(plain.paths.map(pathName)).not.toContainEqual(expect.stringMatching(/ → RESTART → error loadUserConfiguration \(500\)/));
    expect(pathsThrough(generated, restartThenServer).map(named)).toEqual([
      expect.stringMatching(/ → RESTART → error loadUserConfiguration \(500\)/),
    ]);
    expect(pathsThrough(generated, invalidThenRetry).map(named)).toContainEqual(
      expect.stringMatching(/error loadConfig \(invalid\) → RETRY$/),
    );
  });

  it('are not met by the same steps with a step between', async () => {
    await expect(generatePaths(plainBoot, { through: ['error loadConfig (no answer) → … → done loadConfig (ok)'] })).resolves.toBeDefined();
    await expect(generatePaths(plainBoot, { through: ['error loadConfig (no answer) → done loadConfig (ok)'] })).rejects.toThrow(
      /no path goes through "error loadConfig \(no answer\) → done loadConfig \(ok\)"/,
    );
  });
});
