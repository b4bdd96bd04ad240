import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf } from '../../lib/route-helpers.ts';
import type { SitemapEntry, SitemapService } from './sitemap.service.ts';

/** Back-office and API paths no crawler should read; everything public is allowed. */
const PRIVATE_PATHS = ['/api/', '/adminindex', '/adminlogin', '/login', '/weblogin', '/register', '/webregister'];
/** Crawlers may keep a sitemap five minutes: long enough to spare the database, short enough to list news. */
const CACHE = 'public, max-age=300';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page's address in Chinese: the same page with `lang=zh-CN` (DESIGN §3). */
const inChinese = (path: string) => `${path}${path.includes('?') ? '&' : '?'}lang=zh-CN`;

function urlSet(base: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, at }) => {
    const en = xml(base + path);
    const zh = xml(base + inChinese(path));
    return (
      `<url><loc>${en}</loc>${at ? `<lastmod>${at.toISOString()}</lastmod>` : ''}` +
      `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
      `<xhtml:link rel="alternate" hreflang="zh-CN" href="${zh}"/></url>`
    );
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

const sendXml = (reply: FastifyReply, body: string) =>
  reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);

/** `/robots.txt` and the sitemap: `/sitemap.xml` (an index), its pages part and its projects parts. */
export async function sitemapRoutes(
  app: FastifyInstance,
  { sitemap, publicUrl }: { sitemap: SitemapService; publicUrl?: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public pages'];

  r.get('/robots.txt', {
    config: { access: { public: true } },
    schema: { tags, summary: 'What crawlers may read, and where the sitemap is' },
    handler: async (req, reply) => {
      const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), ''];
      lines.push(`Sitemap: ${originOf(req, publicUrl)}/sitemap.xml`, '');
      return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(lines.join('\n'));
    },
  });

  r.get('/sitemap.xml', {
    config: { access: { public: true } },
    schema: { tags, summary: "The sitemap's index: the public pages and announcements, and the published projects" },
    handler: async (req, reply) => {
      const base = originOf(req, publicUrl);
      const parts = await sitemap.projectParts();
      const files = [
        '/sitemap-pages.xml',
        ...Array.from({ length: parts }, (_, i) => `/sitemap-projects-${i + 1}.xml`),
      ];
      return sendXml(
        reply,
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
          `${files.map((f) => `<sitemap><loc>${xml(base + f)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
      );
    },
  });

  r.get('/sitemap-pages.xml', {
    config: { access: { public: true } },
    schema: { tags, summary: 'The public pages and the announcements for everyone, in English and Chinese' },
    handler: async (req, reply) => sendXml(reply, urlSet(originOf(req, publicUrl), await sitemap.pages())),
  });

  r.get('/sitemap-projects-:part.xml', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Published projects (their /iteminfo pages), 45,000 a part, by id',
      params: z.object({ part: z.coerce.number().int().min(1).max(10_000) }),
    },
    handler: async (req, reply) =>
      sendXml(reply, urlSet(originOf(req, publicUrl), await sitemap.projects(req.params.part))),
  });
}
