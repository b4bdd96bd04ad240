import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server answers every API call; in development Vite forwards these prefixes to it (DESIGN §2).
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/system', '/common'];

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 1200,
  },
});
