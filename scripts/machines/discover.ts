import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { MachineModel } from '../paths/model.ts';

/**
 * The machines and their models, found by file name as the lazy rule finds
 * lazy files: `machines/<name>.machine.ts` exports `<name>Machine`, and
 * `tests/model/models/<name>.model.ts` exports `<name>Model` (the model, or
 * a function of the moment the paths are made for, when the machine reads
 * the clock). The diagrams, the path tests and `npm run paths` read these,
 * so a new machine is its own files and no list is edited.
 */

const ROOT = resolve(import.meta.dirname, '../..');

export interface FoundMachine {
  /** `boot`, `callback`, …: the file's name before `.machine.ts`. */
  name: string;
  /** `machines/boot.machine.ts`, relative to the project. */
  file: string;
  machine: AnyStateMachine;
}

/** The names of the files in `folder` that end in `suffix`, without it, in alphabetical order. */
function namesIn(folder: string, suffix: string): string[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(suffix))
    .map((file) => file.slice(0, -suffix.length))
    .sort();
}

async function exported<T>(file: string, name: string): Promise<T> {
  const module = (await import(pathToFileURL(file).href)) as Record<string, T | undefined>;
  const value = module[name];
  if (value === undefined) throw new Error(`${file} exports no ${name}: a file is found by its name, and names its export after it`);
  return value;
}

export async function findMachines(root = ROOT): Promise<FoundMachine[]> {
  return Promise.all(
    namesIn(join(root, 'machines'), '.machine.ts').map(async (name) => {
      const file = `machines/${name}.machine.ts`;
      return { name, file, machine: await exported<AnyStateMachine>(join(root, file), `${name}Machine`) };
    }),
  );
}

type ModelExport = MachineModel | ((now: number) => MachineModel);

/** The model of the machine `name`, made for the moment `now`: importing it imports the machine, so a machine that cannot be made fails here. */
export async function findModel(name: string, now: number, root = ROOT): Promise<MachineModel> {
  const model = await exported<ModelExport>(join(root, 'tests/model/models', `${name}.model.ts`), `${name}Model`);
  return typeof model === 'function' ? model(now) : model;
}

/** Each machine's model, by machine name, made for the moment `now`. */
export async function findModels(now: number, root = ROOT): Promise<Map<string, MachineModel>> {
  const models = new Map<string, MachineModel>();
  for (const name of namesIn(join(root, 'tests/model/models'), '.model.ts')) models.set(name, await findModel(name, now, root));
  return models;
}
