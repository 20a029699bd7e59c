/** The app itself, loaded by main.tsx once the config request is on its way. */
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getCultureName } from './abp/culture.ts';
import { App } from './App.tsx';
import { handOverPopupCallback } from './auth/popupProtocol.ts';
import { startTokenLifecycle } from './auth/tokenActor.ts';
import { bootActor } from './boot/bootActor.ts';
import { i18n, loadCatalog } from './i18n/i18n.ts';
import { inspectActors } from './inspect.ts';
import './ui/app.css';

if (!handOverPopupCallback()) {
  if (import.meta.env.DEV) inspectActors();
  bootActor.start();
  void loadCatalog(getCultureName()).catch(() => undefined);
  startTokenLifecycle();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App />
      </I18nProvider>
    </StrictMode>,
  );
}
