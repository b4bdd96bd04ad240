import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { text } from '../../i18n/text.ts';
import { noticesRepository } from '../notices/notices.repository.ts';
import { publicProjectsRepository } from '../projects/hall.repository.ts';

/** A sitemap file holds at most 50,000 addresses; each part stays below that. */
export const SITEMAP_PART = 45_000;

/**
 * The public pages that are always there (spec §2), each also in Chinese (`?lang=zh-CN`): the
 * results page once for each of its lists (in publicity, awarded, failed).
 */
const PAGES = [
  '/',
  '/hall',
  '/pub',
  '/resultpub',
  '/resultpub?kind=awarded',
  '/resultpub?kind=failed',
  '/extract',
  '/verify',
  '/mindex',
];

export interface SitemapEntry {
  path: string;
  at?: Date;
}

const partMissing = () => notFound(text('sitemap part does not exist', '站点地图分卷不存在'));

/**
 * What search engines may read (robots.txt) and the addresses of every public page, published
 * project and announcement (the sitemap), read from the database on each request so that a
 * newly published project is listed at once.
 */
export function createSitemapService({ db }: { db: Db }) {
  return {
    /** How many parts of published projects the sitemap has (at least one). */
    async projectParts(): Promise<number> {
      return Math.max(1, Math.ceil((await publicProjectsRepository.publicTotal(db)) / SITEMAP_PART));
    },

    /** The fixed pages and the announcements for everyone, newest first. */
    async pages(): Promise<SitemapEntry[]> {
      const notices = await noticesRepository.publicForSitemap(db, SITEMAP_PART - PAGES.length);
      return [...PAGES.map((path) => ({ path })), ...notices.map((n) => ({ path: `/pub?id=${n.id}`, at: n.at }))];
    },

    /** Part `part` (from 1) of the published projects, by id. */
    async projects(part: number): Promise<SitemapEntry[]> {
      if (part > (await this.projectParts())) throw partMissing();
      const rows = await publicProjectsRepository.sitemapPart(db, {
        offset: (part - 1) * SITEMAP_PART,
        limit: SITEMAP_PART,
      });
      return rows.map((r) => ({ path: `/iteminfo?id=${r.id}`, at: r.at }));
    },
  };
}
export type SitemapService = ReturnType<typeof createSitemapService>;
