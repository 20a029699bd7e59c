/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** The build, set by vite.config.ts: the commit and when it was built (ISO 8601). */
declare const __APP_BUILD__: { commit: string; date: string };
