import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { bootActor } from './boot/bootActor.ts';
import { i18n, loadCatalog } from './i18n/i18n.ts';
import { getCultureName } from './abp/culture.ts';
import './ui/app.css';

bootActor.start();
void loadCatalog(getCultureName()).catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
