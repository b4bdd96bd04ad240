import { languageOf, text, type Language, type Text } from '../../i18n/text.ts';
import { noticeBody } from '@lvb/contracts/admin';
import { noticeDetail, noticeRow, publicNotice, publicNoticeSummary } from '@lvb/contracts/notices';
import { projectNoticeBody, projectNoticeQuery, projectNoticeRow } from '@lvb/contracts/results';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createdAnswer } from '../../lib/crud-routes.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { createNoticesService } from './notices.service.ts';

const perm = Perm.system.notice;

const noticeFilter = z.object({
  title: z.string().trim().max(200).optional(),
  noticeType: z.string().trim().max(20).optional(),
  status: z.enum(['0', '1']).optional(),
});

/** Who a notice is for, as its editor says it. */
const AUDIENCE: Record<string, Text> = {
  all: text('everyone', '所有人'),
  suppliers: text('suppliers', '供应商'),
  staff: text('staff', '工作人员'),
};

function noticeColumns(lang: Language): ExcelColumn<z.output<typeof noticeRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Title', '公告标题'), width: 48, value: (n) => n.title },
    { header: h('Type', '公告类型'), value: (n) => statusLabel('notice_type', n.noticeType)[lang] },
    { header: h('Audience', '发布对象'), value: (n) => AUDIENCE[n.audience]?.[lang] ?? n.audience },
    { header: h('State', '状态'), value: (n) => statusLabel('sys_notice_status', n.status)[lang] },
    { header: h('Author', '创建者'), width: 20, value: (n) => n.createdByName ?? '' },
    { header: h('Created', '创建时间'), width: 18, value: (n) => n.createdAt },
  ];
}

/** system/notice: notices with rich text for everyone, suppliers or staff; /pub: the announcements. */
export async function noticesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];
  const notices = createNoticesService({ db });

  r.get('/api/system/notices', {
    config: { access: { permission: perm.list } },
    schema: {
      tags,
      summary: 'List notices',
      querystring: pageQuery.extend(noticeFilter.shape),
      response: { 200: listAnswer(noticeRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await notices.list(req.query, pageOf(req.query), languageOf(req))),
    }),
  });

  r.get('/api/system/notices/export', {
    config: { access: { permission: perm.export } },
    schema: { tags, summary: 'Export the filtered notices to Excel', querystring: noticeFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '通知公告.xlsx' : 'notices.xlsx', noticeColumns(lang), (page) =>
        notices.exportRows(req.query, page, lang),
      );
    },
  });

  r.get('/api/system/notices/:id', {
    config: { access: { permission: perm.query } },
    schema: {
      tags,
      summary: 'One notice with its content',
      params: idParam,
      response: { 200: okWith({ data: noticeDetail }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await notices.get(req.params.id, languageOf(req)),
    }),
  });

  r.post('/api/system/notices', {
    config: { access: { permission: perm.add } },
    schema: {
      tags,
      summary: 'Create a notice (its HTML is sanitised)',
      body: noticeBody,
      response: { 200: createdAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'notice created',
      data: { id: await notices.create(req.body, req.user!) },
    }),
  });

  r.put('/api/system/notices/:id', {
    config: { access: { permission: perm.edit } },
    schema: {
      tags,
      summary: 'Edit a notice (its HTML is sanitised)',
      params: idParam,
      body: noticeBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(notices.update(req.params.id, req.body), 'notice saved'),
  });

  r.delete('/api/system/notices/:ids', {
    config: { access: { permission: perm.remove } },
    schema: { tags, summary: 'Remove notices', params: idsParam, response: { 200: ok } },
    handler: async (req) => okAfter(notices.remove(req.params.ids), 'removed'),
  });

  // The notices people read: anyone's on the home page, and the suppliers' own page (sup/supPub).
  const READINGS = [
    {
      url: '/api/notices/mine',
      access: { signedIn: true as const },
      summary: 'Published notices for the signed-in user, newest first',
      side: notices.sideOf,
    },
    {
      url: '/api/supplier/notices',
      access: { permission: Perm.supplier.notice.list },
      summary: "Published notices for suppliers, newest first (a supplier's notices page)",
      side: () => 'suppliers' as const,
    },
  ];
  for (const reading of READINGS) {
    r.get(reading.url, {
      config: { access: reading.access },
      schema: { tags, summary: reading.summary, querystring: pageQuery, response: { 200: listAnswer(noticeDetail) } },
      handler: async (req) => ({
        code: 200 as const,
        msg: 'ok',
        ...(await notices.published(req.user!, reading.side(req.user!), pageOf(req.query), languageOf(req))),
      }),
    });
  }

  r.get('/api/supplier/notices/:id', {
    config: { access: { permission: Perm.supplier.notice.list } },
    schema: {
      tags,
      summary: "One notice for suppliers or the caller's company, opened: it no longer counts as unread",
      params: idParam,
      response: { 200: okWith({ data: noticeDetail }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await notices.open(req.user!, 'suppliers', req.params.id, languageOf(req)),
    }),
  });

  // Announcements (/pub): notices for everyone.
  r.get('/api/public/notices', {
    config: { access: { public: true } },
    schema: {
      tags: ['hall'],
      summary: 'Published announcements for everyone, newest first',
      querystring: pageQuery.extend({
        noticeType: z.string().trim().max(20).optional(),
        keyword: z.string().trim().max(100).optional(),
      }),
      response: { 200: listAnswer(publicNoticeSummary) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await notices.publicList(req.query, pageOf(req.query), languageOf(req))),
    }),
  });

  r.get('/api/public/notices/:id', {
    config: { access: { public: true } },
    schema: {
      tags: ['hall'],
      summary: 'One announcement with its (sanitised) content',
      params: idParam,
      response: { 200: okWith({ data: publicNotice }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await notices.publicNotice(req.params.id, languageOf(req)),
    }),
  });

  // mandraw/notice: a project's corrections and announcements, published to /pub.
  r.get('/api/project-notices', {
    config: { access: { permission: Perm.selection.notice.list } },
    schema: {
      tags,
      summary: "Public notices of the projects in the caller's scope (announcements, corrections, results…)",
      querystring: projectNoticeQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(projectNoticeRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await notices.projectNotices(req.user!, req.query, pageOf(req.query), languageOf(req))),
    }),
  });

  r.get('/api/project-notices/:id', {
    config: { access: { permission: Perm.selection.notice.query } },
    schema: {
      tags,
      summary: "One public notice of a project in the caller's scope, with its content",
      params: idParam,
      response: { 200: okWith({ data: projectNoticeRow.extend({ content: z.string() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await notices.projectNotice(req.user!, req.params.id, languageOf(req)),
    }),
  });

  r.post('/api/project-notices', {
    config: { access: { permission: Perm.selection.notice.add }, idempotent: true },
    schema: {
      tags,
      summary: 'The owner publishes a correction or an announcement of its published project (to /pub)',
      body: projectNoticeBody,
      response: { 200: createdAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'notice published',
      data: { id: await notices.publishProjectNotice(req.user!, req.body) },
    }),
  });
}
