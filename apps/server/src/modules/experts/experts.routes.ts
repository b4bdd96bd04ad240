import {
  expertAccount,
  expertBody,
  expertDetail,
  expertQuery,
  expertRow,
  type ExpertKind,
  type ExpertRow,
} from '@lvb/contracts/experts';
import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, text, type Language, type Text } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { ExpertsService } from './experts.service.ts';

const E = Perm.pool.expert;
const expertAnswer = { 200: okWith({ data: expertDetail }) };

export const KIND_LABEL: Record<ExpertKind, Text> = {
  employee: text('Employee', '内部专家'),
  outside: text('Outside expert', '外部专家'),
};

function expertColumns(lang: Language): ExcelColumn<ExpertRow>[] {
  const h = headerIn(lang);
  const zh = lang === 'zh';
  return [
    { header: h('Name', '姓名'), width: 16, value: (x) => x.name },
    { header: h('Account', '账号'), width: 16, value: (x) => x.loginUid },
    { header: h('Department', '部门'), width: 16, value: (x) => x.deptName ?? '' },
    { header: h('Kind', '专家类别'), width: 12, value: (x) => KIND_LABEL[x.kind][lang] },
    { header: h('Specialty', '专业'), width: 14, value: (x) => (zh ? x.typeNameZh || x.typeName : x.typeName) },
    { header: h('Region', '区域'), width: 14, value: (x) => (zh ? x.placeNameZh || x.placeName : x.placeName) },
    { header: h('Employer', '工作单位'), width: 30, value: (x) => x.employer },
    { header: h('Employer credit code', '单位统一社会信用代码'), width: 22, value: (x) => x.employerCreditCode ?? '' },
    { header: h('Valid from', '有效期起'), width: 12, value: (x) => x.validFrom },
    { header: h('Valid to', '有效期止'), width: 12, value: (x) => x.validTo },
    { header: h('Status', '状态'), width: 10, value: (x) => statusLabel('expert_status', x.status)[lang] },
    { header: h('Reason', '暂停原因'), width: 30, value: (x) => x.statusReason ?? '' },
    { header: h('Remark', '备注'), width: 30, value: (x) => x.remark },
    { header: h('Added', '入库时间'), width: 18, value: (x) => x.createdAt },
  ];
}

/**
 * The expert pool, a tab of the pool members' page (`marwsup/cbsman`): evaluation experts from
 * whom best-value panels are drawn. Every POST of a JSON body takes an Idempotency-Key.
 */
export async function expertsRoutes(app: FastifyInstance, { experts }: { experts: ExpertsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pool'];

  r.get('/api/pool/experts', {
    config: { access: { permission: E.list } },
    schema: {
      tags,
      summary: 'Experts by keyword (name, account or employer), specialty, region, kind, status and a day of validity',
      querystring: expertQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(expertRow) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await experts.list(req.query, pageOf(req.query))) }),
  });
  r.get('/api/pool/experts/export', {
    config: { access: { permission: E.export } },
    schema: { tags, summary: 'Export the filtered experts to Excel', querystring: expertQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '专家库.xlsx' : 'expert-pool.xlsx', expertColumns(lang), (page) =>
        experts.exportRows(req.query, page),
      );
    },
  });
  r.get('/api/pool/experts/accounts', {
    config: { access: { permission: E.add } },
    schema: {
      tags,
      summary: 'Accounts that may be kept as experts: active employees allowed to score, the first 50 by name',
      querystring: z.object({ keyword: z.string().trim().max(100).optional() }),
      response: { 200: okWith({ data: z.array(expertAccount) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await experts.accounts(req.query.keyword) }),
  });
  r.get('/api/pool/experts/:id', {
    config: { access: { permission: E.query } },
    schema: {
      tags,
      summary: 'One expert, its timeline and the events the caller may fire',
      params: idParam,
      response: expertAnswer,
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await experts.detail(req.user!, req.params.id) }),
  });
  r.post('/api/pool/experts', {
    config: { access: { permission: E.add }, idempotent: true },
    schema: {
      tags,
      summary: 'Keep an account as an expert for a specialty and region',
      body: expertBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'expert added',
      data: { id: await experts.add(req.user!, req.body) },
    }),
  });
  r.put('/api/pool/experts/:id', {
    config: { access: { permission: E.edit } },
    schema: { tags, summary: 'Edit an expert', params: idParam, body: expertBody, response: { 200: ok } },
    handler: async (req) => {
      await experts.edit(req.user!, req.params.id, req.body);
      return { code: 200 as const, msg: 'expert saved' };
    },
  });
  r.delete('/api/pool/experts/:id', {
    config: { access: { permission: E.remove } },
    schema: { tags, summary: 'Remove an expert from the pool', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      await experts.remove(req.user!, req.params.id);
      return { code: 200 as const, msg: 'expert removed' };
    },
  });
  r.post('/api/pool/experts/:id/suspend', {
    config: { access: { permission: E.edit }, idempotent: true },
    schema: {
      tags,
      summary: 'Suspend an active expert, with the reason: it is drawn no more',
      params: idParam,
      body: reasonBody,
      response: expertAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'expert suspended',
      data: await experts.fire(req.user!, req.params.id, 'suspend', req.body.reason),
    }),
  });
  r.post('/api/pool/experts/:id/reinstate', {
    config: { access: { permission: E.edit }, idempotent: true },
    schema: { tags, summary: 'Reinstate a suspended expert', params: idParam, response: expertAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'expert reinstated',
      data: await experts.fire(req.user!, req.params.id, 'reinstate'),
    }),
  });
}
