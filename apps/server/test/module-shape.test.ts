import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The module shape of docs/architecture.md, read from the sources: a module touches only its own
 * tables (another module's data comes through that module's functions), and routes files hold no
 * SQL (the repository does). The seeds follow the first rule too: they write each module's data
 * through its repository or service.
 */
const modulesDir = fileURLToPath(new URL('../src/modules', import.meta.url));
const seedDir = fileURLToPath(new URL('../src/seed', import.meta.url));
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function sourcesOf(moduleName: string): { file: string; source: string }[] {
  const dir = path.join(modulesDir, moduleName);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: `${moduleName}/${f}`, source: readFileSync(path.join(dir, f), 'utf8') }));
}

const importsOf = (source: string) => [...source.matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]!);
/** The module whose table file `spec` imports, if it is one. */
const tableModuleOf = (spec: string) => /(?:^|\/)([a-z0-9-]+)\/[a-z0-9-]+\.table(?:\.ts)?$/.exec(spec)?.[1];

describe('module shape', () => {
  it('finds the modules', () => {
    expect(modules).toContain('projects');
    expect(modules).toContain('accounts');
  });

  // A table file may name another module's table in a foreign key: that is the database keeping
  // references whole across modules, not one module reading another's rows.
  it('no module imports the table file of another module', () => {
    const offending: string[] = [];
    for (const m of modules) {
      for (const { file, source } of sourcesOf(m)) {
        if (file.endsWith('.table.ts')) continue;
        for (const spec of importsOf(source)) {
          const owner = tableModuleOf(spec);
          if (owner && spec.startsWith('..') && owner !== m) offending.push(`${file} imports ${spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('no seed imports the table file of a module', () => {
    const seeds = readdirSync(seedDir).filter((f) => f.endsWith('.ts'));
    expect(seeds).toContain('seed.ts');
    const offending = seeds.flatMap((file) =>
      importsOf(readFileSync(path.join(seedDir, file), 'utf8'))
        .filter((spec) => tableModuleOf(spec))
        .map((spec) => `seed/${file} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });

  it('no routes file runs SQL or imports a table', () => {
    const offending: string[] = [];
    for (const m of modules) {
      for (const { file, source } of sourcesOf(m)) {
        if (!/\.routes\.ts$/.test(file)) continue;
        if (/\b(db|tx|hallDb)\.(select|insert|update|delete|execute|transaction|query)\b/.test(source)) {
          offending.push(`${file} runs SQL`);
        }
        if (importsOf(source).some((s) => /\.table(\.ts)?$/.test(s))) offending.push(`${file} imports a table`);
        if (importsOf(source).includes('drizzle-orm')) offending.push(`${file} builds queries`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('every file that registers routes is named *.routes.ts', () => {
    const offending: string[] = [];
    for (const m of modules) {
      for (const { file, source } of sourcesOf(m)) {
        if (/\.(routes|test)\.ts$/.test(file)) continue;
        if (/\b(r|app)\.(get|post|put|delete|patch)\(\s*['`]/.test(source)) offending.push(file);
      }
    }
    expect(offending).toEqual([]);
  });
});
