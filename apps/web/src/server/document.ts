import type { Language } from '@/shared/lib/i18n';
import { DRAWN_ATTRIBUTE, DRAWN_STATE_ID } from '@/shared/lib/server-drawn';
import type { PageHead } from './page-head';

/** The browser build's manifest (`dist/.vite/manifest.json`): each module's chunk, imports and styles. */
export type ClientManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

export interface PageAssets {
  /** The script that hydrates the page when it is not the template's own (the light client's). */
  entry?: string;
  /** Style sheets the page's chunks bring: linked, so the drawn page paints styled. */
  styles: string[];
  /** The page's chunks: fetched with the document, so hydration does not wait for them in turn. */
  scripts: string[];
}

/**
 * The chunks and styles of a page's modules and of everything they import statically, and of `entry`
 * when the page has a script of its own (the light client). Throws when a module is not in the
 * manifest: the server then answers with the browser's app alone.
 */
export function pageAssets(manifest: ClientManifest, modules: string[], entry?: string): PageAssets {
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the web build's manifest has no ${key}`);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (entry) visit(entry);
  modules.forEach(visit);
  if (!entry) return { styles: [...styles], scripts: [...scripts] };
  const script = `/${manifest[entry]!.file}`;
  scripts.delete(script);
  return { entry: script, styles: [...styles], scripts: [...scripts] };
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a `<script type="application/json">`: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const OG_LOCALE: Record<Language, string> = { en: 'en_US', 'zh-CN': 'zh_CN' };

/** The app's own script and styles in the built index.html: a page with an entry of its own drops them. */
const APP_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;

/** Where index.html's loading skeleton is: the drawn page takes its place. */
const BOOT = /<!--boot-->[\s\S]*<!--\/boot-->/;

/**
 * The built index.html with the drawn page in its root (marked `data-ssr`, which main.tsx hydrates),
 * the page's title, description, canonical and alternate addresses and Open Graph tags, its styles
 * and chunks, and the state it was drawn from (queries and the router's data) as JSON.
 */
export function composeDocument({
  template,
  html,
  state,
  language,
  head,
  assets,
  canonical,
  siteName,
}: {
  template: string;
  html: string;
  state: unknown;
  language: Language;
  head: PageHead;
  assets: PageAssets;
  canonical: { self: string; alternates: Record<Language, string> };
  siteName: string;
}): string {
  if (!BOOT.test(template) || !template.includes('<div id="root">')) {
    throw new Error('index.html has no <div id="root"> with a <!--boot--> skeleton');
  }
  const page = assets.entry ? template.replace(APP_TAGS, '') : template;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? meta('name', 'description', head.description) : '',
    head.status === 200
      ? `<link rel="canonical" href="${escapeHtml(canonical.self)}" />`
      : meta('name', 'robots', 'noindex'),
    ...Object.entries(canonical.alternates).map(
      ([lang, href]) => `<link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonical.alternates.en)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    head.description ? meta('property', 'og:description', head.description) : '',
    meta('property', 'og:url', canonical.self),
    meta('property', 'og:locale', OG_LOCALE[language]),
    ...Object.entries(OG_LOCALE)
      .filter(([lang]) => lang !== language)
      .map(([, locale]) => meta('property', 'og:locale:alternate', locale)),
    // crossorigin as Vite writes its own: one fetch per file, whoever asks first.
    ...assets.styles
      .filter((href) => !page.includes(`"${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`),
    assets.entry ? `<script type="module" crossorigin src="${assets.entry}"></script>` : '',
    ...assets.scripts
      .filter((href) => !page.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
  ].filter(Boolean);
  return page
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/<title>[^<]*<\/title>/, () => tags.join('\n    '))
    .replace('<div id="root">', `<div id="root" ${DRAWN_ATTRIBUTE}>`)
    .replace(BOOT, () => html)
    .replace(
      '</body>',
      () => `<script type="application/json" id="${DRAWN_STATE_ID}">${scriptJson(state)}</script>\n  </body>`,
    );
}
