import axe from 'axe-core';
import type { Page } from 'playwright-core';
import type { Tab } from './driver.ts';

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** What axe checks: WCAG 2.1 AA. */
const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

function described(violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(node.target)}: ${node.html}`,
    ),
  );
}

/**
 * axe-core at WCAG 2.1 AA. The app's CSP allows no inline script, so axe's
 * source is evaluated through the DevTools protocol, which the CSP does not
 * govern, rather than added as a script tag.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const result = await page.evaluate((rules) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: rules }), RULES);
  return described(result.violations as Violation[]);
}

/** The same in a tab of any engine: axe's source goes in through the engine's driver (BiDi, WebDriver), which the CSP does not govern either. */
export async function axeViolationsIn(tab: Tab): Promise<string[]> {
  // Once per document: the source is half a megabyte.
  if (!(await tab.evaluate(() => 'axe' in window))) await tab.addScript(axe.source);
  const violations = await tab.evaluate(async (rules) => {
    const found = (await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: rules })).violations;
    // Plain data only: what the report names.
    return found.map(({ id, impact, help, nodes }) => ({
      id,
      impact: impact ?? null,
      help,
      nodes: nodes.map(({ target, html }) => ({ target: [...target], html })),
    }));
  }, RULES);
  return described(violations);
}
