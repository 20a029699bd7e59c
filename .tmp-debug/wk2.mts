import { WebKitSession } from '/work/main/tests/browser/support/webkit.ts';
import { startTestStack } from '/work/main/devstack/test-stack.ts';
const t0 = Date.now();
const log = (m: string) => console.log(((Date.now() - t0) / 1000).toFixed(1), m);
const stack = await startTestStack({ dpopNonce: 'offered' });
const s = await WebKitSession.start({ languages: 'nl-NL,nl' });
log('session');
try {
  await s.send('POST', '/url', { url: 'data:text/html,<h1>x</h1>' });
  log('data ok');
  const p = s.send('POST', '/url', { url: stack.urls.app + '/' });
  const r = await Promise.race([p.then(() => 'ok'), new Promise((res) => setTimeout(() => res('timeout'), 15000))]);
  log('app goto ' + r);
  log(JSON.stringify(await s.send('POST', '/execute/sync', { script: 'return [location.href, document.readyState, document.body.innerText.slice(0,200)]', args: [] }).catch(e=>String(e))));
} finally {
  await s.close(); await stack.stop();
}
