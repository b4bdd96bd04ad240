import { AccountType } from '@lvb/contracts/access';
import { noticeBody } from '@lvb/contracts/admin';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { plainText, sanitizeRichText } from '../../lib/sanitize.ts';
import { users } from '../accounts/accounts.table.ts';
import { notices } from './notices.table.ts';

const perm = (action: string) => `system:notice:${action}`;
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const noticeRow = z.object({
  id: z.number(),
  title: z.string(),
  noticeType: z.string(),
  audience: z.string(),
  status: z.string(),
  createdBy: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
const noticeDetail = noticeRow.extend({ content: z.string() });

const summary = {
  id: notices.id,
  title: notices.title,
  noticeType: notices.noticeType,
  audience: notices.audience,
  status: notices.status,
  createdBy: notices.createdBy,
  createdByName: users.name,
  createdAt: notices.createdAt,
  updatedAt: notices.updatedAt,
};

const noticeFilter = z.object({
  title: z.string().trim().max(200).optional(),
  noticeType: z.string().trim().max(20).optional(),
  status: z.enum(['0', '1']).optional(),
});
const filterOf = (q: z.output<typeof noticeFilter>): SQL | undefined =>
  and(
    q.title ? ilike(notices.title, like(q.title)) : undefined,
    q.noticeType ? eq(notices.noticeType, q.noticeType) : undefined,
    q.status ? eq(notices.status, q.status) : undefined,
  );

/** Sanitised on the server; an empty result after cleaning is refused rather than stored. */
function cleanContent(content: string) {
  const clean = sanitizeRichText(content);
  if (!plainText(clean) && !/<img\b/i.test(clean))
    throw badRequest(text('content: write the text of the notice', '请填写公告内容'));
  return clean;
}

/** system/notice: notices with rich text for everyone, suppliers or staff. */
export async function noticesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];

  const listPage = (f: z.output<typeof noticeFilter>, limit: number, offset: number) =>
    db
      .select(summary)
      .from(notices)
      .leftJoin(users, eq(users.id, notices.createdBy))
      .where(filterOf(f))
      .orderBy(desc(notices.createdAt), desc(notices.id))
      .limit(limit)
      .offset(offset);

  r.get('/api/system/notices', {
    config: { access: { permission: perm('list') } },
    schema: {
      tags,
      summary: 'List notices',
      querystring: pageQuery.extend(noticeFilter.shape),
      response: { 200: listAnswer(noticeRow) },
    },
    handler: async (req) => {
      const q = req.query;
      const [total] = await db.select({ n: count() }).from(notices).where(filterOf(q));
      const rows = await listPage(q, q.pageSize, offsetOf(q));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.get('/api/system/notices/export', {
    config: { access: { permission: perm('export') } },
    schema: { tags, summary: 'Export the filtered notices to Excel', querystring: noticeFilter },
    handler: async (req, reply) =>
      sendExcel(
        reply,
        'notices.xlsx',
        [
          { header: 'Title', width: 48, value: (n) => n.title },
          { header: 'Type', value: (n) => n.noticeType },
          { header: 'Audience', value: (n) => n.audience },
          { header: 'State', value: (n) => (n.status === '0' ? 'published' : 'closed') },
          { header: 'Author', width: 20, value: (n) => n.createdByName ?? '' },
          { header: 'Created', width: 22, value: (n) => n.createdAt },
        ],
        await listPage(req.query, EXPORT_MAX_ROWS, 0),
      ),
  });

  r.get('/api/system/notices/:id', {
    config: { access: { permission: perm('query') } },
    schema: {
      tags,
      summary: 'One notice with its content',
      params: idParam,
      response: { 200: okWith({ data: noticeDetail }) },
    },
    handler: async (req) => {
      const [row] = await db
        .select({ ...summary, content: notices.content })
        .from(notices)
        .leftJoin(users, eq(users.id, notices.createdBy))
        .where(eq(notices.id, req.params.id));
      if (!row) throw notFound(text('notice does not exist', '公告不存在'));
      return { code: 200 as const, msg: 'ok', data: row };
    },
  });

  r.post('/api/system/notices', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create a notice (its HTML is sanitised)',
      body: noticeBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const [row] = await db
        .insert(notices)
        .values({ ...req.body, content: cleanContent(req.body.content), createdBy: req.user!.id })
        .returning({ id: notices.id });
      return { code: 200 as const, msg: 'notice created', data: { id: row!.id } };
    },
  });

  r.put('/api/system/notices/:id', {
    config: { access: { permission: perm('edit') } },
    schema: {
      tags,
      summary: 'Edit a notice (its HTML is sanitised)',
      params: idParam,
      body: noticeBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      const updated = await db
        .update(notices)
        .set({ ...req.body, content: cleanContent(req.body.content), updatedAt: new Date() })
        .where(eq(notices.id, req.params.id))
        .returning({ id: notices.id });
      if (updated.length === 0) throw notFound(text('notice does not exist', '公告不存在'));
      return { code: 200 as const, msg: 'notice saved' };
    },
  });

  r.delete('/api/system/notices/:ids', {
    config: { access: { permission: perm('remove') } },
    schema: { tags, summary: 'Remove notices', params: idsParam, response: { 200: ok } },
    handler: async (req) => {
      await db.delete(notices).where(inArray(notices.id, req.params.ids));
      return { code: 200 as const, msg: 'removed' };
    },
  });

  // What a signed-in person is shown: published notices for everyone and for their side.
  r.get('/api/notices/mine', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: 'Published notices for the signed-in user, newest first',
      querystring: pageQuery,
      response: { 200: listAnswer(noticeDetail) },
    },
    handler: async (req) => {
      const side = req.user!.types === AccountType.supplier ? 'suppliers' : 'staff';
      const cond = and(eq(notices.status, '0'), inArray(notices.audience, ['all', side]));
      const [total] = await db.select({ n: count() }).from(notices).where(cond);
      const rows = await db
        .select({ ...summary, content: notices.content })
        .from(notices)
        .leftJoin(users, eq(users.id, notices.createdBy))
        .where(cond)
        .orderBy(desc(notices.createdAt))
        .limit(req.query.pageSize)
        .offset(offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });
}
