import { Perm } from '@lvb/contracts/permissions';
import {
  bidRecordQuery,
  bidRecordRow,
  dashboard,
  progressQuery,
  progressRow,
  progressSummary,
  supplierHome,
  type ProgressStep,
} from '@lvb/contracts/stats';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { platformTime } from '../../i18n/format.ts';
import { languageOf, text, type Language, type Text } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { StatsService } from './stats.service.ts';

const MODEL: Record<number, Text> = {
  1: text('pool draw', '随机抽取'),
  2: text('price competition', '竞价'),
  3: text('best value', '综合评审'),
};
const STEP: Record<ProgressStep, Text> = {
  close_signup: text('sign-up closes', '报名截止'),
  evaluation: text('opening or draw', '开标或抽取'),
  result: text('result submitted for audit', '提交结果审核'),
  publicity_end: text('publicity ends', '公示结束'),
};
const YES_NO = { true: text('yes', '是'), false: text('no', '否') };
const timeOf = (d: Date | null, seconds = false) => (d ? platformTime(d, seconds) : '');

function progressColumns(lang: Language): ExcelColumn<z.output<typeof progressRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Code', '项目编号'), width: 20, value: (x) => x.code },
    { header: h('Project', '项目名称'), width: 36, value: (x) => x.name },
    { header: h('Owner', '业主单位'), width: 24, value: (x) => x.ownerName },
    { header: h('Type', '项目类型'), width: 14, value: (x) => (lang === 'zh' && x.typeNameZh) || x.typeName },
    { header: h('Place', '项目地点'), width: 14, value: (x) => (lang === 'zh' && x.placeNameZh) || x.placeName },
    { header: h('Model', '选取方式'), width: 14, value: (x) => MODEL[x.model]?.[lang] ?? '' },
    { header: h('Budget (yuan)', '预算金额（元）'), width: 16, value: (x) => x.budget / 100 },
    { header: h('Status', '状态'), width: 14, value: (x) => statusLabel('project_status', x.status)[lang] },
    { header: h('In this stage since', '进入当前阶段时间'), width: 18, value: (x) => timeOf(x.stageSince) },
    { header: h('Days in stage', '停留天数'), width: 12, value: (x) => x.daysInStage },
    { header: h('Next step', '下一步'), width: 20, value: (x) => (x.nextStep ? STEP[x.nextStep][lang] : '') },
    { header: h('Due', '应完成时间'), width: 18, value: (x) => timeOf(x.nextDueAt) },
    { header: h('Days overdue', '逾期天数'), width: 12, value: (x) => x.overdueDays },
    { header: h('Created', '创建时间'), width: 18, value: (x) => timeOf(x.createdAt) },
    { header: h('Published', '发布时间'), width: 18, value: (x) => timeOf(x.publishedAt) },
  ];
}

function bidColumns(lang: Language): ExcelColumn<z.output<typeof bidRecordRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Code', '项目编号'), width: 20, value: (x) => x.projectCode },
    { header: h('Project', '项目名称'), width: 36, value: (x) => x.projectName },
    { header: h('Model', '选取方式'), width: 14, value: (x) => MODEL[x.model]?.[lang] ?? '' },
    { header: h('Bidder', '投标单位'), width: 30, value: (x) => x.companyName },
    { header: h('Submitted at', '提交时间'), width: 20, value: (x) => timeOf(x.submittedAt, true) },
    { header: h('Replaced', '已被替换'), width: 10, value: (x) => YES_NO[`${x.replaced}`][lang] },
    { header: h('Opened at', '开标时间'), width: 18, value: (x) => timeOf(x.openedAt) },
    { header: h('Price (yuan)', '报价（元）'), width: 16, value: (x) => (x.price === null ? '' : x.price / 100) },
    { header: h('Rank', '名次'), width: 8, value: (x) => x.rank ?? '' },
  ];
}

/**
 * Queries and statistics: `seach/bidsc` (project progress, its summary and export),
 * `seach/bidhistory` (bid records and export), and the home pages `/adminindex` of employees and
 * suppliers. Every figure is read in the caller's data scope.
 */
export async function statsRoutes(app: FastifyInstance, { stats }: { stats: StatsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['statistics'];
  const PROGRESS_READERS = [Perm.stats.progress.list, Perm.stats.progress.query];
  const BID_READERS = [Perm.stats.bids.list, Perm.stats.bids.query];

  r.get('/api/stats/progress', {
    config: { access: { permission: PROGRESS_READERS } },
    schema: {
      tags,
      summary: "Progress of the projects in the caller's scope: stage, since when, next step, overdue days",
      querystring: progressQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(progressRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await stats.progress(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/stats/progress/summary', {
    config: { access: { permission: PROGRESS_READERS } },
    schema: {
      tags,
      summary: 'The filtered projects counted by status, and how many have an overdue step',
      querystring: progressQuery,
      response: { 200: okWith({ data: progressSummary }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await stats.progressSummary(req.user!, req.query),
    }),
  });

  r.get('/api/stats/progress/export', {
    config: { access: { permission: Perm.stats.progress.export } },
    schema: { tags, summary: "Export the filtered projects' progress to Excel", querystring: progressQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '项目进度.xlsx' : 'project-progress.xlsx', progressColumns(lang), (p) =>
        stats.progress(req.user!, req.query, p, { count: false }).then((x) => x.rows),
      );
    },
  });

  r.get('/api/stats/bids', {
    config: { access: { permission: BID_READERS } },
    schema: {
      tags,
      summary: "Sealed bids of the projects in the caller's scope; prices only after the opening",
      querystring: bidRecordQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(bidRecordRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await stats.bidRecords(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/stats/bids/export', {
    config: { access: { permission: Perm.stats.bids.export } },
    schema: { tags, summary: 'Export the filtered bid records to Excel', querystring: bidRecordQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '投标记录.xlsx' : 'bid-records.xlsx', bidColumns(lang), (p) =>
        stats.bidRecords(req.user!, req.query, p, { count: false }).then((x) => x.rows),
      );
    },
  });

  r.get('/api/stats/dashboard', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: "An employee's home page: what waits for the caller, and the figures of the projects in its scope",
      response: { 200: okWith({ data: dashboard }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await stats.dashboard(req.user!) }),
  });

  r.get('/api/stats/supplier-home', {
    config: { access: { signedIn: true } },
    schema: {
      tags,
      summary: "A supplier's home page: its applications, bids, results, orders, unread notices and next deadlines",
      response: { 200: okWith({ data: supplierHome }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await stats.supplierHome(req.user!) }),
  });
}
