import { AccountType } from '@lvb/contracts/access';
import type { noticeBody } from '@lvb/contracts/admin';
import type { projectNoticeBody, projectNoticeQuery } from '@lvb/contracts/results';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { text, type Language, type Text } from '../../i18n/text.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { isOwnerStaff } from '../projects/projects.policy.ts';
import { projectIdsVisibleTo, projectScope, projectsRepository } from '../projects/projects.repository.ts';
import type { Page } from '../../lib/paging.ts';
import { plainText, sanitizeRichText } from '../../lib/sanitize.ts';
import type { SignedInUser } from '../sessions/sessions.service.ts';
import {
  noticesRepository as repo,
  type NewNotice,
  type NoticeFilter,
  type PublicNoticeFilter,
} from './notices.repository.ts';

type NoticeInput = z.output<typeof noticeBody>;
/** Whose notices: everyone's are read on both sides. */
type NoticeSide = 'suppliers' | 'staff';
const NOTICE_MISSING = text('notice does not exist', '公告不存在');

/** Sanitised on the server; an empty result after cleaning is refused rather than stored. */
function cleanContent(content: string) {
  const clean = sanitizeRichText(content);
  if (!plainText(clean) && !/<img\b/i.test(clean))
    throw badRequest(text('content: write the text of the notice', '请填写公告内容'));
  return clean;
}

/**
 * What a workflow step tells people: published at once, in both languages (each reader reads
 * their own), its title cut to the column's length.
 */
export type PostedNotice = Pick<NewNotice, 'noticeType' | 'audience' | 'companyId' | 'projectId' | 'createdBy'> & {
  title: Text;
  /** HTML built from escaped values; cleaned here all the same, as every stored notice is. */
  html: Text;
};

/**
 * Writes a workflow's notice in the caller's transaction. The one way other modules write
 * notices, so that no writer can store markup the sanitiser has not seen.
 */
export function postNotice(tx: Tx, { title, html, ...notice }: PostedNotice): Promise<number> {
  return repo.create(tx, {
    ...notice,
    title: title.en.slice(0, 200),
    titleZh: title.zh.slice(0, 200),
    content: sanitizeRichText(html.en),
    contentZh: sanitizeRichText(html.zh),
    status: '0',
  });
}

const projectNoticeRowOf = <R extends { project: { code: string; name: string } | null }>({ project, ...row }: R) => ({
  ...row,
  projectCode: project?.code ?? '',
  projectName: project?.name ?? '',
});

/** system/notice: notices with rich text for everyone, suppliers or staff; the public announcements. */
export function createNoticesService({ db }: { db: Db }) {
  return {
    list: (f: NoticeFilter, page: Page, lang: Language) => repo.page(db, f, page, lang),
    /** A batch of an export: the page's rows, not counted. */
    exportRows: (f: NoticeFilter, page: Page, lang: Language) => repo.all(db, f, lang, page.limit, page.offset),

    async get(id: number, lang: Language) {
      const row = await repo.find(db, id, lang);
      if (!row) throw notFound(NOTICE_MISSING);
      return row;
    },

    create: (input: NoticeInput, author: SignedInUser) =>
      repo.create(db, { ...input, content: cleanContent(input.content), createdBy: author.id }),

    async update(id: number, input: NoticeInput) {
      const found = await repo.update(db, id, {
        ...input,
        content: cleanContent(input.content),
        // Staff's words replace a generated notice's in both languages.
        titleZh: null,
        contentZh: null,
        updatedAt: new Date(),
      });
      if (!found) throw notFound(NOTICE_MISSING);
    },

    remove: (ids: number[]) => repo.remove(db, ids),

    /** Published notices for everyone, for the reader's side and to the reader's company, newest first. */
    published: (reader: SignedInUser, side: NoticeSide, page: Page, lang: Language) =>
      repo.publishedFor(db, side, page, lang, reader.company?.id),

    /**
     * One notice of the reader's side, opened: the opening is recorded for the reader's account, so
     * that its home page counts only the notices not opened yet.
     */
    async open(reader: SignedInUser, side: NoticeSide, id: number, lang: Language) {
      const row = await repo.readableOne(db, id, side, lang, reader.company?.id);
      if (!row) throw notFound(NOTICE_MISSING);
      await repo.markRead(db, id, reader.id);
      return row;
    },

    /** The side whose notices a signed-in person reads. */
    sideOf: (reader: SignedInUser): NoticeSide => (reader.types === AccountType.supplier ? 'suppliers' : 'staff'),

    /** Announcements (/pub): published notices for everyone. */
    publicList: (f: PublicNoticeFilter, page: Page, lang: Language) => repo.publicPage(db, f, page, lang),

    /** mandraw/notice: the public notices of the projects in the reader's scope. */
    async projectNotices(reader: SignedInUser, f: z.output<typeof projectNoticeQuery>, page: Page, lang: Language) {
      const { rows, total } = await repo.projectPage(
        db,
        { ...f, projectScope: projectIdsVisibleTo(reader) },
        page,
        lang,
      );
      return { rows: rows.map(projectNoticeRowOf), total };
    },

    async projectNotice(reader: SignedInUser, id: number, lang: Language) {
      const row = await repo.projectNotice(db, id, projectIdsVisibleTo(reader), lang);
      if (!row) throw notFound(NOTICE_MISSING);
      return { ...projectNoticeRowOf(row), content: row.content };
    },

    /**
     * The owner's staff publish a correction or an announcement of a published project, at once
     * and to everyone (/pub and the project's page), in the words they wrote.
     */
    async publishProjectNotice(author: SignedInUser, input: z.output<typeof projectNoticeBody>) {
      const project = await projectsRepository.find(db, input.projectId, projectScope(author));
      if (!project) throw notFound(text('projectId: project does not exist', '项目不存在'));
      if (!isOwnerStaff(author, project))
        throw forbidden(
          text(
            'only staff of the project owner organisation publish its notices',
            '只有项目业主单位的人员可以发布其公告',
          ),
        );
      if (!project.publishedAt)
        throw badRequest(
          text('projectId: the project has not been published: edit it instead', '项目尚未发布，请直接修改项目'),
        );
      return repo.create(db, {
        title: input.title,
        noticeType: input.noticeType,
        audience: 'all',
        content: cleanContent(input.content),
        projectId: project.id,
        createdBy: author.id,
        status: '0',
      });
    },

    async publicNotice(id: number, lang: Language) {
      const row = await repo.publicNotice(db, id, lang);
      if (!row) throw notFound(NOTICE_MISSING);
      return row;
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
