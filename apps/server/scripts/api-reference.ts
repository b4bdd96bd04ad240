// Prints docs/api-reference.md from the OpenAPI document and the access registry:
// `npm run docs:api -w apps/server > docs/api-reference.md` (from the repository root).
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { routeRegistry } from '../src/plugins/access.ts';

const database = await openDatabase({ memory: true });
const app = await buildApp({ config: loadConfig({ WEB_DIST: '/nonexistent' }), db: database.db, logger: false });
await app.ready();
const doc = app.swagger() as { paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };
const access = new Map(routeRegistry.map((r) => [`${r.method} ${r.url}`, r.access]));
const lines: string[] = [];
let lastTag = '';
const entries = Object.entries(doc.paths).flatMap(([p, ops]) =>
  Object.entries(ops).map(([m, op]) => ({ p, m: m.toUpperCase(), op })),
);
entries.sort((a, b) => (a.op.tags?.[0] ?? '').localeCompare(b.op.tags?.[0] ?? '') || a.p.localeCompare(b.p));
for (const { p, m, op } of entries) {
  const tag = op.tags?.[0] ?? 'other';
  if (tag !== lastTag) {
    lines.push(`\n## ${tag}\n\n| call | access | what |\n|---|---|---|`);
    lastTag = tag;
  }
  const fastifyPath = p.replace(/\{(\w+)\}/g, ':$1');
  lines.push(
    `| \`${m} ${p}\` | ${(access.get(`${m} ${fastifyPath}`) ?? '').replace(/\|/g, ' or ')} | ${op.summary ?? ''} |`,
  );
}
console.log('# API reference (generated from the OpenAPI document)\n');
console.log(
  'Browse the full schemas at `/api/docs`. Access: `public`, `signedIn`, or the permission strings (any of) that open the call.',
);
console.log(lines.join('\n'));
await app.close();
await database.close();
