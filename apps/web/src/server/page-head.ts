import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { hallProjectQuery, publicNoticeQuery } from '@/features/public/api/hall';
import { numberParam } from '@/features/public/components/url-params';
import { normalisePath, paths } from '@/shared/config/paths';
import { tabTitle } from '@/shared/lib/page-title';

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
  const path = normalisePath(url.pathname);
  const id = numberParam(url.searchParams.get('id'));
  if (path === paths.itemInfo) {
    const project = id ? client.getQueryData(hallProjectQuery(id).queryKey) : undefined;
    if (!project) return { title: tabTitle(t('publicPages.iteminfo'), t), description: '', status: 404 };
    const about = [project.code, project.description || project.qualification].filter(Boolean).join(' · ');
    return {
      title: tabTitle(project.name, t),
      description: plainSummary(about) || t('publicPages.iteminfoIntro'),
      status: 200,
    };
  }
  if (path === paths.pub && id) {
    const notice = client.getQueryData(publicNoticeQuery(id).queryKey);
    if (!notice) return { title: tabTitle(t('publicPages.pub'), t), description: '', status: 404 };
    return { title: tabTitle(notice.title, t), description: plainSummary(notice.content), status: 200 };
  }
  const section = SECTIONS[path];
  if (section) {
    return {
      title: tabTitle(t(`publicPages.${section}`), t),
      description: t(`publicPages.${section}Intro`),
      status: 200,
    };
  }
  if (path === paths.mobileIndex) {
    return { title: tabTitle(t('mobile.title'), t), description: t('home.heroText'), status: 200 };
  }
  if (path === paths.adminLogin) {
    return { title: tabTitle(t('auth.adminTitle'), t), description: t('app.systemName'), status: 200 };
  }
  if (path === paths.webLogin || path === paths.login) {
    return { title: tabTitle(t('auth.supplierTitle'), t), description: t('app.systemName'), status: 200 };
  }
  return { title: t('app.systemName'), description: t('home.heroText'), status: 200 };
}
