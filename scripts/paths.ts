/**
 * Prints the generated paths of the machines, one step a line, with the
 * coverage line the unit run prints:
 *
 *   npm run paths                         every machine
 *   npm run paths -- boot token           some machines
 *   npm run paths -- boot --through "error loadUserConfiguration (403)"
 *
 * `--through` (repeatable) asks for a path through a step or transition,
 * or through steps in order (`RESTART → error loadUserConfiguration (500)`;
 * see `MachineModel.through`) and prints only the paths through it; a
 * model's own `through` list is always applied, as in the tests.
 */
import { parseArgs } from 'node:util';
import { stateKey, type MachineModel, type ModelPath } from './paths/model.ts';
import { coverageOf, describeTransition } from './paths/coverage.ts';
import { coverageLine, generatePaths, goesThrough } from './paths/generate.ts';
import { machineTransitions } from './machines/read.ts';
import { findModels } from './machines/discover.ts';
import { checkRules, describeChecked, describeViolation } from './paths/rules.ts';
import { walkPath } from './paths/walk.ts';

// The token and inactivity machines compute delays and guards from Date.now(), as their models do:
// one frozen moment keeps the paths the same when they are generated and when they are walked (the tests freeze Date too).
const now = Date.now();
Date.now = () => now;

/** The models of tests/model/models, by machine name. */
const MODELS = await findModels(now);

async function printPath(model: MachineModel, path: ModelPath): Promise<void> {
  console.log(`${path.id} (${path.steps.length - 1} steps, ${path.transitions.length} transitions)`);
  const width = Math.max(...path.steps.map((step) => step.label.length));
  for (const step of path.steps) console.log(`  ${step.label.padEnd(width)}  → ${stateKey(step.state)}`);
  if (!model.rules || model.rules.length === 0) return;
  // Every rule is checked at every step; ✓ marks those the path gives something to check.
  const report = checkRules(model.rules, path, (await walkPath(model, path)).steps, now);
  console.log(`  checked against the session's rules:\n${describeChecked(report)}`);
  for (const violation of report.violations) console.log(`  BROKEN: ${describeViolation(path, violation)}`);
}

async function printMachine(model: MachineModel, through: string[]): Promise<void> {
  const generated = await generatePaths(model, { through });
  const byKey = new Map(machineTransitions(model.machine).map((transition) => [transition.key, transition]));
  const shown =
    through.length === 0 ? generated.paths : generated.paths.filter((path) => through.some((entry) => goesThrough(path, entry, byKey)));
  console.log(
    `# ${model.name}: ${shown.length === generated.paths.length ? `${shown.length} paths` : `${shown.length} of ${generated.paths.length} paths, those through ${through.map((entry) => `"${entry}"`).join(' or ')}`}\n`,
  );
  for (const path of shown) {
    await printPath(model, path);
    console.log('');
  }
  const coverage = coverageOf(
    model.name,
    'unit',
    model.machine,
    generated.paths.flatMap((path) => path.transitions),
  );
  console.log(coverageLine(coverage.line, generated));
  for (const transition of coverage.missing) console.log(`  not taken: ${describeTransition(transition)}`);
  console.log('');
}

const HELP = `Prints the generated test paths of the machines, one step a line, with each machine's coverage line.

Usage:
  npm run paths                                      every machine
  npm run paths -- <machine> [<machine> …]           only these (${[...MODELS.keys()].join(', ')})
  npm run paths -- <machine> --through "<step>"      only the paths through a step, e.g.
                                                     --through "error loadUserConfiguration (403)" (repeatable);
                                                     steps in order with " → ", "…" for any steps between:
                                                     --through "RESTART → error loadUserConfiguration (500)"
  npm run paths -- --help                            this text

A path's id (boot#3) names its test in the unit run (tests/model) and in the browser run
(tests/browser/paths). docs/testing.md, "A tester's guide", says how to read and extend them.`;

function parseOptions() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { through: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    process.exit(2);
  }
}

const { values, positionals } = parseOptions();
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const names = positionals.length > 0 ? positionals : [...MODELS.keys()];
const unknown = names.filter((name) => !MODELS.has(name));
if (unknown.length > 0) {
  console.error(`no model for ${unknown.join(', ')}; the machines are ${[...MODELS.keys()].join(', ')}`);
  process.exit(1);
}
try {
  for (const name of names) await printMachine(MODELS.get(name)!, values.through ?? []);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
