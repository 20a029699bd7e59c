import { launchEngine } from './tests/browser/support/driver.ts';
import { startTestStack } from './devstack/test-stack.ts';
const engine = process.argv[2] as 'firefox' | 'webkit';
const endpoint = (process.argv[3] ?? 'appconfig') as 'appconfig';
const [browser, stack] = await Promise.all([launchEngine(engine), startTestStack()]);
try {
  const tab = await browser.newTab();
  const gate = stack.holds.hold(endpoint);
  const t0 = Date.now();
  if (endpoint !== 'appconfig') { const g2 = stack.holds.hold('appconfig'); void tab.goto(`${stack.urls.app}/`); (await g2.next()).pass(); g2.release(); }
  else void tab.goto(`${stack.urls.app}/`);
  for (let i = 0; i < 14; i++) {
    const held = await gate.next(8000).catch(() => undefined);
    if (!held) { console.log('no more'); break; }
    console.log('arrival', i, Date.now() - t0);
    held.drop();
  }
  console.log('console', JSON.stringify(tab.console?.map((m) => m.text.slice(0, 80))));
  await tab.close();
} finally {
  await Promise.all([browser.close(), stack.stop()]);
}
