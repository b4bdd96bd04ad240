import { fileURLToPath, URL } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Where antd's packages (and the helpers only they use) live. */
const antdPackages =
  /node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|stylis|@emotion|clsx|is-mobile)[\\/]/;
/** The icons' own base (not the icons themselves): what a page needs to show any icon. */
const iconBase = /node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/](?!icons[\\/])/;
const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const antdScopeModule = fileURLToPath(new URL('./src/app/antd-scope.tsx', import.meta.url));
/** The app's own modules that go with antd's core (the scope and its theme): one request less. */
const antdScopeModules = [antdScopeModule, fileURLToPath(new URL('./src/app/theme.ts', import.meta.url))];

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Every module `from` imports statically, directly or through others. */
function staticClosure(graph: ModuleGraph, from: string): Set<string> {
  const seen = new Set<string>();
  const queue = [from];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * antd's core: the antd scope (app/antd-scope.tsx) and the antd modules it imports statically
 * (ConfigProvider, theme, CSS-in-JS, locale) that the entry does not. Worked out once per build from
 * the module graph.
 */
let antdCore: Set<string> | undefined;
function isAntdCore(id: string, graph: ModuleGraph): boolean {
  if (!antdCore) {
    const entry = staticClosure(graph, entryModule);
    const scope = staticClosure(graph, antdScopeModule);
    antdCore = new Set([...scope].filter((m) => antdPackages.test(m) && !entry.has(m)).concat(antdScopeModules));
  }
  return antdCore.has(id);
}

// The server answers every API call; in development Vite forwards these prefixes to it (DESIGN §2).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/system', '/common'];

/**
 * Two builds (scripts/build.mjs): the browser's app, and the server's drawing of the public pages
 * (`--ssr src/server/entry.tsx`, one self-contained module under `dist/ssr/` that the server
 * imports). The browser's build writes a manifest so the server links each drawn page's chunks and
 * styles.
 */
export default defineConfig(({ isSsrBuild, mode }) =>
  isSsrBuild ? serverDrawing : mode === LIGHT_MODE ? lightClient : browserApp,
);

/** Every asset also as .br and .gz beside it: the server sends them as they are (preCompressed). */
const precompressed = () =>
  compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
  });

/** `vite build --mode light`: the light client (src/light/main.tsx), a third build beside the app. */
export const LIGHT_MODE = 'light';
const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/**
 * The light client: the public pages hydrated for visitors who are not signed in, with Preact's
 * React compatibility in place of React and React DOM and src/light/router.tsx in place of React
 * Router (docs/decisions.md). Its chunks go beside the app's, with a manifest of their own that the
 * server links the drawn public pages from.
 */
const lightClient: UserConfig = {
  plugins: [react(), precompressed()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src('')}` },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-router(\/dom)?$/, replacement: src('light/router.tsx') },
    ],
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/light-manifest.json',
    rolldownOptions: {
      input: src('light/main.tsx'),
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // As the app's: small shared chunks go into the chunks that use them (fewer requests).
          experimentalInlineCommonChunks: { maxSize: 40 * 1024 },
          groups: [
            {
              name: 'light-core',
              test: /node_modules[\\/](preact|i18next|react-i18next|@tanstack)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
};

/** The server's build: every package bundled in, so it runs wherever the build is put. */
const serverDrawing: UserConfig = {
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  ssr: { noExternal: true, target: 'node' },
  build: { emptyOutDir: true, copyPublicDir: false, minify: false, sourcemap: false },
};

export const browserApp: UserConfig = {
  plugins: [
    react(),
    // A new build (watch mode) works antd's core out anew.
    { name: 'antd-core', buildStart: () => void (antdCore = undefined) },
    precompressed(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // Page loads of app routes that share a prefix with the API (the menu's /system/user) stay
    // with Vite; only calls go to the server.
    proxy: Object.fromEntries(
      proxied.map((prefix) => [
        `^${prefix}(/|$)`,
        {
          target: apiTarget,
          changeOrigin: true,
          bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
            String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 40 * 1024 },
          groups: [
            // React and the libraries every page runs on: they change with upgrades only, so
            // browsers keep this chunk across releases.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
              priority: 30,
            },
            // The icons' base, shared by the pages without antd and by antd itself.
            { name: 'icons', test: iconBase, priority: 25 },
            // antd's core (config provider, theme, CSS-in-JS, locale): loaded with the first page that
            // uses antd (app/antd-scope-loader.tsx), never by the entry or a plain page. The rest of
            // antd (components) goes with the pages that use it.
            {
              name: (id: string, ctx: ModuleGraph) => (isAntdCore(id, ctx) ? 'antd' : null),
              debugName: 'antd',
              test: (id: string) => antdPackages.test(id) || antdScopeModules.includes(id),
              priority: 20,
            },
          ],
        },
      },
    },
  },
};
