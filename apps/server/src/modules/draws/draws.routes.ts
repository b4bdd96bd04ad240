import {
  declineBody,
  drawBody,
  drawDetail,
  drawPreview,
  drawQuery,
  drawRow,
  drawScheduleBody,
  drawnQuery,
  drawnRow,
  myPick,
  publicDraw,
  publicDrawRow,
  schedulableProject,
} from '@lvb/contracts/draws';
import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, type Language } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { DrawsService } from './draws.service.ts';

const D = Perm.selection.draw;
const detailAnswer = { 200: okWith({ data: drawDetail }) };
const pickAnswer = { 200: okWith({ data: myPick }) };

function drawColumns(lang: Language): ExcelColumn<z.output<typeof drawRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Code', '项目编号'), width: 20, value: (x) => x.projectCode },
    { header: h('Project', '项目名称'), width: 36, value: (x) => x.projectName },
    { header: h('Owner', '业主单位'), width: 24, value: (x) => x.ownerName },
    { header: h('Draw time', '抽取时间'), width: 18, value: (x) => x.drawAt },
    { header: h('Candidates', '候选数'), width: 10, value: (x) => String(x.candidateCount) },
    { header: h('Reserves', '候补数'), width: 10, value: (x) => String(x.reserves) },
    { header: h('Status', '状态'), width: 16, value: (x) => statusLabel('draw_status', x.status)[lang] },
    { header: h('Engaged', '确定承包商'), width: 28, value: (x) => x.engagedCompany ?? '' },
    { header: h('List hash', '名单哈希'), width: 66, value: (x) => x.listHash },
    { header: h('Commitment', '种子承诺'), width: 66, value: (x) => x.commitment },
    { header: h('Seed', '种子'), width: 66, value: (x) => x.seed ?? '' },
    { header: h('Entropy', '现场随机数'), width: 14, value: (x) => x.entropy ?? '' },
  ];
}

function drawnColumns(lang: Language): ExcelColumn<z.output<typeof drawnRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Company', '承包商'), width: 30, value: (x) => x.companyName },
    { header: h('Code', '项目编号'), width: 20, value: (x) => x.projectCode },
    { header: h('Project', '项目名称'), width: 36, value: (x) => x.projectName },
    { header: h('Order', '抽取顺位'), width: 10, value: (x) => String(x.rank + 1) },
    { header: h('Answer', '确认情况'), width: 16, value: (x) => statusLabel('pick_status', x.status)[lang] },
    { header: h('Asked', '通知时间'), width: 18, value: (x) => x.askedAt },
    { header: h('Answered', '答复时间'), width: 18, value: (x) => x.answeredAt },
  ];
}

/**
 * Pool draws (`mandraw/draw`, `web/bidding1`, `marwsup/cbsselected`, public `/extract`). Every POST
 * takes an Idempotency-Key. No answer carries the seed before the draw.
 */
export async function drawsRoutes(app: FastifyInstance, { draws }: { draws: DrawsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['draws'];

  r.get('/api/draws/schedulable', {
    config: { access: { permission: D.schedule } },
    schema: {
      tags,
      summary: "The caller's pool-draw projects that may have a draw scheduled",
      response: { 200: okWith({ data: z.array(schedulableProject) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await draws.schedulable(req.user!) }),
  });
  r.get('/api/draws/preview', {
    config: { access: { permission: D.schedule } },
    schema: {
      tags,
      summary: 'The pool members a schedule would freeze now, and how many the recent-draw rule leaves out',
      querystring: z.object({
        projectId: z.coerce.number().int().positive(),
        typeId: z.coerce.number().int().positive(),
        subCategoryId: z.coerce.number().int().positive().optional(),
        placeId: z.coerce.number().int().positive(),
      }),
      response: { 200: okWith({ data: drawPreview }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await draws.preview(req.user!, { ...req.query, subCategoryId: req.query.subCategoryId ?? null }),
    }),
  });
  r.post('/api/draws', {
    config: { access: { permission: D.schedule }, idempotent: true },
    schema: {
      tags,
      summary: 'Schedule the draw: the candidate list frozen, its hash and the seed’s commitment published',
      body: drawScheduleBody,
      response: detailAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'draw scheduled',
      data: await draws.schedule(req.user!, req.body),
    }),
  });
  r.get('/api/draws', {
    config: { access: { permission: D.list } },
    schema: {
      tags,
      summary: 'Pool draws of the projects in the caller’s scope',
      querystring: drawQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(drawRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await draws.list(req.user!, req.query, pageOf(req.query))),
    }),
  });
  r.get('/api/draws/export', {
    config: { access: { permission: D.list } },
    schema: { tags, summary: 'Export the filtered draws to Excel', querystring: drawQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '随机抽取.xlsx' : 'pool-draws.xlsx', drawColumns(lang), (page) =>
        draws.list(req.user!, req.query, page).then((r) => r.rows),
      );
    },
  });
  r.get('/api/draws/picks', {
    config: { access: { permission: [Perm.pool.drawn.list, Perm.pool.drawn.query] } },
    schema: {
      tags,
      summary: 'The draw history of pool members: every contractor asked, by draw',
      querystring: drawnQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(drawnRow) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await draws.history(req.query, pageOf(req.query))) }),
  });
  r.get('/api/draws/picks/export', {
    config: { access: { permission: Perm.pool.drawn.export } },
    schema: { tags, summary: 'Export the draw history to Excel', querystring: drawnQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '抽取记录.xlsx' : 'draw-history.xlsx', drawnColumns(lang), (page) =>
        draws.history(req.query, page).then((r) => r.rows),
      );
    },
  });
  r.get('/api/draws/:id', {
    config: { access: { permission: D.list } },
    schema: { tags, summary: 'One draw with its list, picks and timeline', params: idParam, response: detailAnswer },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await draws.detail(req.user!, req.params.id) }),
  });
  r.post('/api/draws/:id/draw', {
    config: { access: { permission: D.witness }, idempotent: true },
    schema: {
      tags,
      summary: 'The witnessing supervisor draws, with optional entropy digits: the seed revealed, the order computed',
      params: idParam,
      body: drawBody,
      response: detailAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'drawn',
      data: await draws.draw(req.user!, req.params.id, req.body.entropy),
    }),
  });
  r.post('/api/draws/:id/cancel', {
    config: { access: { permission: D.schedule }, idempotent: true },
    schema: {
      tags,
      summary: 'Cancel a scheduled draw, with the reason',
      params: idParam,
      body: reasonBody,
      response: detailAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'draw cancelled',
      data: await draws.cancel(req.user!, req.params.id, req.body.reason),
    }),
  });

  // Suppliers
  r.get('/api/supplier/draw-picks', {
    config: { access: { permission: Perm.web.bidding1.list } },
    schema: {
      tags,
      summary: "The company's draws: the projects it was drawn for and its answers",
      querystring: pageQuery,
      response: { 200: listAnswer(myPick) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await draws.myPicks(req.user!, pageOf(req.query))) }),
  });
  r.post('/api/supplier/draw-picks/:id/confirm', {
    config: { access: { permission: Perm.web.bidding1.confirm }, idempotent: true },
    schema: { tags, summary: 'Take the project the company was drawn for', params: idParam, response: pickAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'confirmed',
      data: await draws.answer(req.user!, req.params.id, 'confirm'),
    }),
  });
  r.post('/api/supplier/draw-picks/:id/decline', {
    config: { access: { permission: Perm.web.bidding1.confirm }, idempotent: true },
    schema: {
      tags,
      summary: 'Decline the project, with the reason: the next contractor in order is asked',
      params: idParam,
      body: declineBody,
      response: pickAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'declined',
      data: await draws.answer(req.user!, req.params.id, 'decline', req.body.reason),
    }),
  });

  // Public (/extract)
  r.get('/api/public/draws', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Published draws: list hash, commitment, and after the draw the seed, entropy and order',
      querystring: pageQuery,
      response: { 200: listAnswer(publicDrawRow) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await draws.publicList(pageOf(req.query))) }),
  });
  r.get('/api/public/draws/:id', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'One published draw with everything needed to re-compute it',
      params: idParam,
      response: { 200: okWith({ data: publicDraw }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await draws.publicDetail(req.params.id) }),
  });
}
