import { describe, expect, it } from 'vitest';
import { composeDocument, pageAssets, type ClientManifest } from '../document';
import { acceptedLanguages } from '../entry';
import { plainSummary } from '../page-head';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Low-value Project Trading Platform</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"><!--boot-->
      <div class="boot">Loading…</div>
    <!--/boot--></div>
  </body>
</html>`;

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  'src/layout.tsx': { file: 'assets/layout-1.js', imports: ['_react-1.js', '_icons-1.js'] },
  '_icons-1.js': { file: 'assets/icons-1.js', css: ['assets/icons-1.css'] },
  'src/hall.tsx': { file: 'assets/hall-1.js', imports: ['_react-1.js'], css: ['assets/hall-1.css'] },
};

const compose = (overrides: Partial<Parameters<typeof composeDocument>[0]> = {}) =>
  composeDocument({
    template,
    html: '<main><h1>Project hall</h1></main>',
    state: { queries: { text: '</script><script>alert(1)</script>' } },
    language: 'zh-CN',
    head: { title: 'Hall & "more" <b>', description: 'Open projects', status: 200 },
    assets: pageAssets(manifest, ['src/layout.tsx', 'src/hall.tsx']),
    canonical: {
      self: 'https://trade.example.org/hall?lang=zh-CN',
      alternates: { en: 'https://trade.example.org/hall', 'zh-CN': 'https://trade.example.org/hall?lang=zh-CN' },
    },
    siteName: 'Site',
    ...overrides,
  });

describe('the drawn document', () => {
  it('puts the page where the skeleton was, with no space around it, and marks the root', () => {
    const html = compose();
    expect(html).toContain('<div id="root" data-ssr><main><h1>Project hall</h1></main></div>');
    expect(html).not.toContain('Loading…');
    expect(html).toContain('<html lang="zh-CN"');
  });

  it('escapes the title and keeps the state from closing its script', () => {
    const html = compose();
    expect(html).toContain('<title>Hall &amp; &quot;more&quot; &lt;b&gt;</title>');
    expect(html).not.toContain('</script><script>alert(1)');
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toEqual({ queries: { text: '</script><script>alert(1)</script>' } });
  });

  it('names the canonical address, both languages and the Open Graph fields', () => {
    const html = compose();
    expect(html).toContain('<link rel="canonical" href="https://trade.example.org/hall?lang=zh-CN" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://trade.example.org/hall" />');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://trade.example.org/hall" />');
    expect(html).toContain('<meta property="og:locale" content="zh_CN" />');
    expect(html).toContain('<meta property="og:locale:alternate" content="en_US" />');
    expect(html).toContain('<meta property="og:description" content="Open projects" />');
  });

  it('a missing page is not indexed and has no canonical address', () => {
    const html = compose({ head: { title: 'Not found', description: '', status: 404 } });
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('name="description"');
  });

  it("links the page's styles and preloads its chunks, except what index.html already names", () => {
    const html = compose();
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/hall-1.css" />');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/icons-1.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/hall-1.js" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/icons-1.js" />');
    expect(html.match(/react-1\.js/g)).toHaveLength(1);
  });

  it("a page with the light client's entry loads that instead of the app's script and styles", () => {
    const light: ClientManifest = {
      'src/light/main.tsx': { file: 'assets/main-2.js', imports: ['_core-2.js'], css: ['assets/main-2.css'] },
      '_core-2.js': { file: 'assets/core-2.js' },
      'src/hall.tsx': { file: 'assets/hall-2.js', imports: ['_core-2.js'], css: ['assets/hall-2.css'] },
    };
    const assets = pageAssets(light, ['src/hall.tsx'], 'src/light/main.tsx');
    expect(assets).toEqual({
      entry: '/assets/main-2.js',
      styles: ['/assets/main-2.css', '/assets/hall-2.css'],
      scripts: ['/assets/core-2.js', '/assets/hall-2.js'],
    });
    const html = compose({ assets });
    expect(html).not.toMatch(/index-1\.(js|css)|react-1\.js/);
    expect(html.match(/<script type="module"[^>]*>/g)).toEqual([
      '<script type="module" crossorigin src="/assets/main-2.js">',
    ]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/main-2.css" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/core-2.js" />');
    // Its chunks are asked for with the document, after its styles.
    expect(html.indexOf('hall-2.css')).toBeLessThan(html.indexOf('main-2.js'));
  });

  it('refuses a module the build does not have', () => {
    expect(() => pageAssets(manifest, ['src/gone.tsx'])).toThrow(/src\/gone\.tsx/);
  });
});

describe('the reader’s language', () => {
  it('orders Accept-Language by weight, then by place', () => {
    expect(acceptedLanguages('en-GB;q=0.8, zh-CN, fr;q=0.9, de;q=0')).toEqual(['zh-CN', 'fr', 'en-GB']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('descriptions', () => {
  it('are the text of an announcement, shortened', () => {
    expect(plainSummary('<p>Bid&nbsp;opening&amp;<b>notice</b></p>')).toBe('Bid opening& notice');
    const long = plainSummary(`<p>${'word '.repeat(100)}</p>`, 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long.endsWith('…')).toBe(true);
  });
});
