import { fileURLToPath, URL } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The server answers every API call; in development Vite forwards these prefixes to it (DESIGN §2).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/system', '/common'];

export default defineConfig({
  plugins: [
    react(),
    // Every asset also as .br and .gz beside it: the server sends them as they are (preCompressed).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
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
            // The part of antd that the entry needs (theme, config, button, message, icons base).
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|@babel[\\/]runtime|stylis|@emotion|clsx|is-mobile)[\\/]/,
              tags: ['$initial'],
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
