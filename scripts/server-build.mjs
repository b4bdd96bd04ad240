// The server as one JavaScript file, `apps/server/dist/main.js`, which `npm start` runs with plain
// Node. The server's own code and the contracts are bundled (they are TypeScript); every package
// stays an ordinary import from node_modules. Running TypeScript through a loader instead (tsx)
// keeps a second V8 isolate with the compiler and every module's transformed source and source
// map alive in the process for as long as it runs: some 75 MB of the server's memory.
//
//   node scripts/server-build.mjs     builds (under a second)
//   buildServer()                      the same from another script, in a child process, so that
//                                      the caller never holds esbuild
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = path.join(root, 'apps/server/src/main.ts');
export const serverBundle = path.join(root, 'apps/server/dist/main.js');

/**
 * The command that runs the built server: `[node, [args]]`. V8 runs its background work (garbage
 * collection, compiling) on 4 threads by default, whatever the cores; each thread keeps its own
 * malloc arena, and compiling the embedded database's WebAssembly leaves 20-25 MB in each. Two
 * threads are as many as two cores run at once and keep some 40 MB less (docs/decisions.md).
 */
export function serverCommand() {
  return [process.execPath, ['--v8-pool-size=2', serverBundle]];
}

/** Builds the bundle in a child process; throws when the build fails. */
export function buildServer() {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`building the server failed (exit code ${run.status})`);
}

/**
 * A module finds files beside it through `import.meta.url` (the migrations, the built web app).
 * In the bundle each module keeps its own: the source file's URL, worked out from the bundle's
 * location at run time, so the bundle may move with the checkout.
 */
const ownModuleUrl = {
  name: 'own-module-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(serverBundle), args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/** Packages stay imports resolved from node_modules; the workspace's TypeScript ones are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@lvb/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function build() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [entry],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalPackages, ownModuleUrl],
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await build();
}
