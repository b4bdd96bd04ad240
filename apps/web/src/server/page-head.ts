import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { hallProjectQuery, publicNoticeQuery } from '@/features/public/api/hall';
import { numberParam } from '@/features/public/components/url-params';

/** What a drawn page says about itself to search engines and link previews. */
export interface PageHead {
  title: string;
  description: string;
  /** 404 when the page names a project or an announcement that is not there (or not public). */
  status: number;
}

const DESCRIPTION_LENGTH = 160;

/** Text of an announcement's HTML, shortened for a description. */
export function plainSummary(html: string, length = DESCRIPTION_LENGTH): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

/** The browser tab's title of a page, as the app writes it (app/root-shell.tsx `DocumentTitle`). */
const titled = (t: TFunction, page: string) => `${page} | ${t('app.shortName')}`;

/** Sections whose title and description are their heading and introduction. */
const SECTIONS: Record<string, string> = {
  '/hall': 'hall',
  '/pub': 'pub',
  '/resultpub': 'resultpub',
  '/extract': 'extract',
  '/verify': 'verify',
};

/**
 * Title, description and status of a public page, from the texts of the reader's language and the
 * data the page was drawn with (the project's or the announcement's own name and text).
 */
export function publicPageHead(url: URL, t: TFunction, client: QueryClient): PageHead {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  const id = numberParam(url.searchParams.get('id'));
  if (path === '/iteminfo') {
    const project = id ? client.getQueryData(hallProjectQuery(id).queryKey) : undefined;
    if (!project) return { title: titled(t, t('publicPages.iteminfo')), description: '', status: 404 };
    const about = [project.code, project.description || project.qualification].filter(Boolean).join(' · ');
    return {
      title: titled(t, project.name),
      description: plainSummary(about) || t('publicPages.iteminfoIntro'),
      status: 200,
    };
  }
  if (path === '/pub' && id) {
    const notice = client.getQueryData(publicNoticeQuery(id).queryKey);
    if (!notice) return { title: titled(t, t('publicPages.pub')), description: '', status: 404 };
    return { title: titled(t, notice.title), description: plainSummary(notice.content), status: 200 };
  }
  const section = SECTIONS[path];
  if (section) {
    return {
      title: titled(t, t(`publicPages.${section}`)),
      description: t(`publicPages.${section}Intro`),
      status: 200,
    };
  }
  if (path === '/mindex') return { title: titled(t, t('mobile.title')), description: t('home.heroText'), status: 200 };
  if (path === '/adminlogin') {
    return { title: titled(t, t('auth.adminTitle')), description: t('app.systemName'), status: 200 };
  }
  if (path === '/weblogin' || path === '/login') {
    return { title: titled(t, t('auth.supplierTitle')), description: t('app.systemName'), status: 200 };
  }
  return { title: t('app.systemName'), description: t('home.heroText'), status: 200 };
}
