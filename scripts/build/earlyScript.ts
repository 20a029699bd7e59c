import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/** The early requests' source, a module of the app like any other: type-checked, linted and tested with it. */
export const EARLY_SOURCE = 'src/config/earlyRequests.ts';

/** Where index.html takes the script: the one line the committed page keeps of it. */
export const EARLY_HOOK = `<!-- ${EARLY_SOURCE} -->`;

const ENTRY = '\0early-requests';

/**
 * The script with which index.html sends start-up's first requests while the
 * bundle loads (src/config/earlyRequests.ts), built from its source for the
 * page: one classic script, self-contained and minified, as the mode and
 * base of the app's own build make it (the config's file name differs under
 * `npm run dev`).
 */
export async function buildEarlyScript(config: Pick<ResolvedConfig, 'root' | 'base' | 'mode'>): Promise<string> {
  const source = resolve(config.root, EARLY_SOURCE);
  const output = (await build({
    configFile: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    logLevel: 'silent',
    publicDir: false,
    plugins: [
      {
        name: 'early-requests-entry',
        resolveId: (id) => (id === ENTRY ? ENTRY : undefined),
        load: (id) =>
          id === ENTRY ? `import { sendEarlyRequests } from ${JSON.stringify(source)};\nwindow.early = sendEarlyRequests();\n` : undefined,
      },
    ],
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      modulePreload: false,
      rolldownOptions: { input: ENTRY, output: { format: 'iife' } },
    },
  })) as Rolldown.RolldownOutput;
  const chunks = output.output.filter((item) => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`early-script: ${EARLY_SOURCE} built into ${chunks.length} chunks, not one script.`);
  return chunks[0]!.code.trim();
}

/**
 * Writes the early script into index.html, at its hook, in the build and
 * under `npm run dev` alike. The CSP allows it by the hash of what is
 * written (devstack/app-server/static-server.ts and deploy/ hash the built
 * page's inline scripts).
 */
export function earlyScript(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'early-script',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(EARLY_HOOK)) throw new Error(`early-script: index.html has no ${EARLY_HOOK} for the early requests.`);
        const code = await buildEarlyScript(config);
        return html.replace(EARLY_HOOK, () => `<script>/* ${EARLY_SOURCE} */${code}</script>`);
      },
    },
  };
}
