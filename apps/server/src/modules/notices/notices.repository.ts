import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language } from '../../i18n/text.ts';
import type { Conn } from '../../lib/crud-repository.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { projectBrief } from '../projects/projects.repository.ts';
import { noticeReads, notices } from './notices.table.ts';

export type NoticeRow = typeof notices.$inferSelect;
export type NewNotice = typeof notices.$inferInsert;

export interface NoticeFilter {
  title?: string;
  noticeType?: string;
  status?: '0' | '1';
}
/** The public list's filters: a type and a keyword in the title. */
export interface PublicNoticeFilter {
  noticeType?: string;
  keyword?: string;
}

/** A title in either language containing `words`. */
const titleContains = (words: string) =>
  or(ilike(notices.title, containing(words)), ilike(notices.titleZh, containing(words)));

const newestFirst = [desc(notices.createdAt), desc(notices.id)];
/** The back office manages the notices of a side; those to one company are its own. */
const filtered = (f: NoticeFilter): SQL | undefined =>
  and(
    isNull(notices.companyId),
    f.title ? titleContains(f.title) : undefined,
    f.noticeType ? eq(notices.noticeType, f.noticeType) : undefined,
    f.status ? eq(notices.status, f.status) : undefined,
  );
/**
 * What a signed-in reader of one side reads: published notices for everyone and for that side,
 * and those addressed to the reader's company (`companyId`) among them.
 */
const readableBy = (side: 'suppliers' | 'staff', companyId?: number): SQL | undefined =>
  and(
    eq(notices.status, '0'),
    inArray(notices.audience, ['all', side]),
    companyId === undefined
      ? isNull(notices.companyId)
      : or(isNull(notices.companyId), eq(notices.companyId, companyId)),
  );
/** Published notices addressed to everyone: what the public sees. */
const forEveryone = (f: PublicNoticeFilter): SQL | undefined =>
  and(
    eq(notices.status, '0'),
    eq(notices.audience, 'all'),
    f.noticeType ? eq(notices.noticeType, f.noticeType) : undefined,
    f.keyword ? titleContains(f.keyword) : undefined,
  );
/** A generated notice's title and text in the reader's language (staff-written ones have one). */
const titleIn = (lang: Language) =>
  lang === 'zh' ? sql<string>`coalesce(${notices.titleZh}, ${notices.title})` : notices.title;
const contentIn = (lang: Language) =>
  lang === 'zh' ? sql<string>`coalesce(${notices.contentZh}, ${notices.content})` : notices.content;

/** A notice as the back office lists it, with its author's name. */
const summaryIn = (lang: Language) => ({
  id: notices.id,
  title: titleIn(lang),
  noticeType: notices.noticeType,
  audience: notices.audience,
  status: notices.status,
  createdBy: notices.createdBy,
  createdByName: accountName(notices.createdBy),
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
});
const detailIn = (lang: Language) => ({ ...summaryIn(lang), content: contentIn(lang) });
const publicColumnsIn = (lang: Language) => ({
  id: notices.id,
  title: titleIn(lang),
  noticeType: notices.noticeType,
  projectId: notices.projectId,
  createdAt: notices.createdAt,
});

/** How many notices match `where`. */
const countOf = async (db: Conn, where: SQL | undefined) =>
  (await db.select({ n: count() }).from(notices).where(where))[0]?.n ?? 0;

/** The public notices of projects (announcements, corrections, results…), in `projectScope` (a subquery of ids). */
const ofProjects = (f: { projectId?: number; keyword?: string; projectScope: SQL }) =>
  and(
    sql`${notices.projectId} in ${f.projectScope}`,
    eq(notices.audience, 'all'),
    isNull(notices.companyId),
    f.projectId ? eq(notices.projectId, f.projectId) : undefined,
    f.keyword ? titleContains(f.keyword) : undefined,
  );
const projectNoticeIn = (lang: Language) => ({
  id: notices.id,
  projectId: sql<number>`${notices.projectId}`,
  project: projectBrief(notices.projectId),
  noticeType: notices.noticeType,
  title: titleIn(lang),
  createdByName: accountName(notices.createdBy),
  createdAt: notices.createdAt,
});

/** Queries on the notices; the only place that touches their table. */
export const noticesRepository = {
  /** One page of the public notices of the projects a reader may see (mandraw/notice). */
  async projectPage(
    db: Conn,
    f: { projectId?: number; keyword?: string; projectScope: SQL },
    page: Page,
    lang: Language,
  ) {
    const rows = await db
      .select(projectNoticeIn(lang))
      .from(notices)
      .where(ofProjects(f))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: await countOf(db, ofProjects(f)) };
  },
  async projectNotice(db: Conn, id: number, projectScope: SQL, lang: Language) {
    const [row] = await db
      .select({ ...projectNoticeIn(lang), content: contentIn(lang) })
      .from(notices)
      .where(and(eq(notices.id, id), ofProjects({ projectScope })));
    return row;
  },

  page: async (db: Conn, f: NoticeFilter, page: Page, lang: Language) => ({
    rows: await noticesRepository.all(db, f, lang, page.limit, page.offset),
    total: await countOf(db, filtered(f)),
  }),
  all: (db: Conn, f: NoticeFilter, lang: Language, limit: number, offset = 0) =>
    db
      .select(summaryIn(lang))
      .from(notices)
      .where(filtered(f))
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),

  async find(db: Conn, id: number, lang: Language) {
    const [row] = await db.select(detailIn(lang)).from(notices).where(eq(notices.id, id));
    return row;
  },

  /** Inserts one notice (inside the caller's transaction, when it gives one). */
  async create(db: Conn, values: NewNotice): Promise<number> {
    const [row] = await db.insert(notices).values(values).returning({ id: notices.id });
    return row!.id;
  },

  /** Answers whether the notice was there. */
  async update(db: Conn, id: number, values: Partial<NewNotice>): Promise<boolean> {
    const updated = await db.update(notices).set(values).where(eq(notices.id, id)).returning({ id: notices.id });
    return updated.length > 0;
  },

  async remove(db: Conn, ids: number[]): Promise<void> {
    await db.delete(notices).where(inArray(notices.id, ids));
  },

  /**
   * Published notices for everyone and for one side (suppliers or staff), newest first, with those
   * addressed to the reader's company (`companyId`) among them.
   */
  async publishedFor(db: Conn, side: 'suppliers' | 'staff', page: Page, lang: Language, companyId?: number) {
    const where = readableBy(side, companyId);
    const rows = await db
      .select(detailIn(lang))
      .from(notices)
      .where(where)
      .orderBy(desc(notices.createdAt))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: await countOf(db, where) };
  },

  /** One notice the reader of `side` (of the company `companyId`) may read, with its content. */
  async readableOne(db: Conn, id: number, side: 'suppliers' | 'staff', lang: Language, companyId?: number) {
    const [row] = await db
      .select(detailIn(lang))
      .from(notices)
      .where(and(eq(notices.id, id), readableBy(side, companyId)));
    return row;
  },

  /** Records that the account `userId` opened the notice (once: the first reading is kept). */
  async markRead(db: Conn, noticeId: number, userId: number): Promise<void> {
    await db.insert(noticeReads).values({ noticeId, userId }).onConflictDoNothing();
  },

  /** How many notices the account `userId` of the side may read and has not opened. */
  async unreadCount(db: Conn, userId: number, side: 'suppliers' | 'staff', companyId?: number): Promise<number> {
    return countOf(
      db,
      and(
        readableBy(side, companyId),
        sql`not exists (select 1 from ${noticeReads} r where r.notice_id = ${qualified(notices.id)} and r.user_id = ${userId})`,
      ),
    );
  },

  async publicPage(db: Conn, f: PublicNoticeFilter, page: Page, lang: Language) {
    const rows = await db
      .select(publicColumnsIn(lang))
      .from(notices)
      .where(forEveryone(f))
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: await countOf(db, forEveryone(f)) };
  },

  /** The newest `limit` notices for everyone (`/pub?id=`), with their time, for the sitemap. */
  publicForSitemap: (db: Conn, limit: number) =>
    db
      .select({ id: notices.id, at: notices.createdAt })
      .from(notices)
      .where(forEveryone({}))
      .orderBy(...newestFirst)
      .limit(limit),

  async publicNotice(db: Conn, id: number, lang: Language) {
    const [row] = await db
      .select({ ...publicColumnsIn(lang), content: contentIn(lang) })
      .from(notices)
      .where(and(eq(notices.id, id), forEveryone({})));
    return row;
  },

  /**
   * The public notices of a project as one JSON array, newest first, for a query of the projects
   * table to embed (`projectId` is the column holding the project's id), each titled in the
   * reader's language `lang` ('en' or 'zh', usually a placeholder): a generated notice's Chinese
   * title for a Chinese reader, its English one otherwise and for a notice written in one language.
   */
  publicSummariesJson(projectId: AnyColumn | SQL, lang: SQL) {
    return sql`(
        select coalesce(json_agg(json_build_object('id', n.id,
          'title', case when ${lang} = 'zh' and coalesce(n.title_zh, '') <> '' then n.title_zh else n.title end,
          'noticeType', n.notice_type, 'projectId', n.project_id, 'createdAt', n.created_at)
          order by n.created_at desc, n.id desc), '[]'::json)
        from notices n
        where n.project_id = ${qualified(projectId)} and n.status = '0' and n.audience = 'all')`;
  },
};
