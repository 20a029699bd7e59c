import { launchEngine } from '/work/main/tests/browser/support/driver.ts';
import { startTestStack } from '/work/main/devstack/test-stack.ts';
const t0 = Date.now();
const log = (m: string) => console.log(((Date.now() - t0) / 1000).toFixed(1), m);
const stack = await startTestStack({ dpopNonce: 'offered' });
log('stack ' + JSON.stringify(stack.urls));
const browser = await launchEngine('webkit');
const tab = await browser.newTab();
log('tab');
try {
  await tab.goto(stack.urls.app + '/'); log('x'); await new Promise(r=>setTimeout(r,4000)); log(JSON.stringify(await tab.evaluate(() => document.body.innerText.slice(0,300))));
  log('goto ' + tab.url());
  await tab.role('button', 'Inloggen').waitFor(30000);
  log('login page');
  await tab.screenshot('/tmp/wk1.png');
  await tab.role('button', 'Inloggen').click();
  log('clicked');
  await tab.waitForUrl((u) => u.origin === new URL(stack.urls.issuer).origin, 20000);
  log('at provider ' + tab.url());
  await tab.label('Gebruikersnaam').fill('admin');
  await tab.label('Wachtwoord').fill('123qwe');
  log('filled');
  await tab.screenshot('/tmp/wk2.png');
  await tab.role('button', 'Inloggen').click();
  log('submitted');
  await tab.waitForUrl((u) => u.pathname === '/app/home', 30000);
  log('home ' + tab.url());
  await tab.role('heading', 'Welkom').waitFor(20000).catch((e) => log(String(e)));
  await tab.screenshot('/tmp/wk3.png');
} catch (e) {
  log('ERR ' + String(e));
  await tab.screenshot('/tmp/wkerr.png').catch(() => {});
} finally {
  await browser.close();
  await stack.stop();
  log('closed');
}
