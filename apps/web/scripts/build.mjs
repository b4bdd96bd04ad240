// `npm run build -w apps/web [-- --outDir dir]`: the browser's app into `dir` (default dist), the
// light client of the public pages beside it, then the server's drawing of the public pages into
// `dir/ssr` (vite.config.ts).
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = process.argv.indexOf('--outDir');
const outDir = path.resolve(root, at > 0 ? process.argv[at + 1] : 'dist');

await build({ root, build: { outDir } });
// The light client of the public pages (src/light/): beside the app's files, with its own manifest.
await build({ root, mode: 'light', build: { outDir } });
await build({ root, build: { ssr: 'src/server/entry.tsx', outDir: path.join(outDir, 'ssr') } });
