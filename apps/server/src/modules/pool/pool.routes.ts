import { Perm } from '@lvb/contracts/permissions';
import {
  POOL_IMPORT_COLUMNS,
  poolImportError,
  poolMemberBody,
  poolMemberDetail,
  poolMemberQuery,
  poolMemberRow,
  poolPublicityBody,
  poolPublicityDetail,
  poolPublicityQuery,
  poolPublicityRow,
  type PoolMemberRow,
} from '@lvb/contracts/pool';
import { reasonBody } from '@lvb/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, text, type Language } from '../../i18n/text.ts';
import { badRequest } from '../../lib/errors.ts';
import { headerIn, sendExcel, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { PoolService } from './pool.service.ts';

const M = Perm.pool.member;
const D = Perm.pool.data;
const P = Perm.pool.publicity;
const memberAnswer = { 200: okWith({ data: poolMemberDetail }) };
const publicityAnswer = { 200: okWith({ data: poolPublicityDetail }) };
/** Up to 5 MB, as every upload. */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

function memberColumns(lang: Language): ExcelColumn<PoolMemberRow>[] {
  const h = headerIn(lang);
  const zh = lang === 'zh';
  return [
    { header: h('Company', '单位名称'), width: 32, value: (x) => x.companyName },
    { header: h('Unified credit code', '统一社会信用代码'), width: 22, value: (x) => x.creditCode },
    { header: h('Project type', '项目类型'), width: 14, value: (x) => (zh ? x.typeNameZh || x.typeName : x.typeName) },
    {
      header: h('Sub-category', '项目子类'),
      width: 16,
      value: (x) => (zh ? x.subCategoryNameZh || x.subCategoryName : x.subCategoryName) ?? '',
    },
    { header: h('Region', '区域'), width: 14, value: (x) => (zh ? x.placeNameZh || x.placeName : x.placeName) },
    { header: h('Valid from', '有效期起'), width: 12, value: (x) => x.validFrom },
    { header: h('Valid to', '有效期止'), width: 12, value: (x) => x.validTo },
    { header: h('Status', '状态'), width: 10, value: (x) => statusLabel('pool_member_status', x.status)[lang] },
    { header: h('Reason', '暂停原因'), width: 30, value: (x) => x.statusReason ?? '' },
    { header: h('Remark', '备注'), width: 30, value: (x) => x.remark },
    { header: h('Added', '入库时间'), width: 18, value: (x) => x.createdAt },
  ];
}

/**
 * The contractor pool: members (`marwsup/cbsman`), their import and export (`marwsup/datatb`) and
 * their publicity on /pub (`marwsup/fixpub`). Every POST of a JSON body takes an Idempotency-Key.
 */
export async function poolRoutes(app: FastifyInstance, { pool }: { pool: PoolService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pool'];

  r.get('/api/pool/members', {
    // Publicity staff choose the members they publish from this list.
    config: { access: { permission: [M.list, P.add, P.edit] } },
    schema: {
      tags,
      summary: 'Pool members by keyword (company name or credit code), type, region, status and a day of validity',
      querystring: poolMemberQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(poolMemberRow) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await pool.list(req.query, pageOf(req.query))) }),
  });
  r.get('/api/pool/members/export', {
    config: { access: { permission: [M.export, D.export] } },
    schema: { tags, summary: 'Export the filtered pool members to Excel', querystring: poolMemberQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '承包商库.xlsx' : 'contractor-pool.xlsx', memberColumns(lang), (page) =>
        pool.exportRows(req.query, page),
      );
    },
  });
  r.get('/api/pool/members/import-template', {
    config: { access: { permission: [D.list, D.import] } },
    schema: {
      tags,
      summary:
        "The import workbook: the header row in the reader's language (either language is read) and one example row",
    },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const example = await pool.templateExample(lang);
      const columns: ExcelColumn<typeof example>[] = POOL_IMPORT_COLUMNS.map((c) => ({
        header: lang === 'zh' ? c.zh : c.en,
        width: c.key === 'creditCode' ? 22 : c.key === 'remark' ? 36 : 14,
        value: (x) => x[c.key],
      }));
      return sendExcel(reply, lang === 'zh' ? '承包商导入模板.xlsx' : 'pool-import-template.xlsx', columns, [example]);
    },
  });
  r.post('/api/pool/members/import', {
    config: { access: { permission: D.import } },
    schema: {
      tags,
      summary:
        'Import members from an .xlsx workbook: all rows or none; a refusal answers `errors` [{row, column, message}]',
      consumes: ['multipart/form-data'],
      response: {
        200: okWith({ data: z.object({ imported: z.number() }) }),
        400: z.object({ code: z.number(), msg: z.string(), errors: z.array(poolImportError).optional() }),
      },
    },
    handler: async (req) => {
      const noFile = text(
        'send the workbook as multipart/form-data in the field "file"',
        '请以 multipart/form-data 格式在 file 字段中上传工作簿',
      );
      if (!req.isMultipart()) throw badRequest(noFile);
      const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
      if (!part) throw badRequest(noFile);
      const bytes = await part.toBuffer();
      return {
        code: 200 as const,
        msg: 'imported',
        data: await pool.importFile(req.user!, part.filename, bytes, languageOf(req)),
      };
    },
  });
  r.get('/api/pool/members/:id', {
    config: { access: { permission: [M.list, M.query] } },
    schema: {
      tags,
      summary: 'One member, its timeline and the events the caller may fire',
      params: idParam,
      response: memberAnswer,
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await pool.detail(req.user!, req.params.id) }),
  });
  r.post('/api/pool/members', {
    config: { access: { permission: M.add }, idempotent: true },
    schema: { tags, summary: 'Add a member to the pool', body: poolMemberBody, response: memberAnswer },
    handler: async (req) => ({ code: 200 as const, msg: 'member added', data: await pool.add(req.user!, req.body) }),
  });
  r.put('/api/pool/members/:id', {
    config: { access: { permission: M.edit } },
    schema: { tags, summary: 'Edit a member', params: idParam, body: poolMemberBody, response: memberAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'member saved',
      data: await pool.edit(req.user!, req.params.id, req.body),
    }),
  });
  r.delete('/api/pool/members/:id', {
    config: { access: { permission: M.remove } },
    schema: { tags, summary: 'Remove a member from the pool', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      await pool.remove(req.user!, req.params.id);
      return { code: 200 as const, msg: 'member removed' };
    },
  });
  r.post('/api/pool/members/:id/suspend', {
    config: { access: { permission: M.edit }, idempotent: true },
    schema: {
      tags,
      summary: 'Suspend an active member, with the reason: it is drawn no more',
      params: idParam,
      body: reasonBody,
      response: memberAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'member suspended',
      data: await pool.fire(req.user!, req.params.id, 'suspend', req.body.reason),
    }),
  });
  r.post('/api/pool/members/:id/reinstate', {
    config: { access: { permission: M.edit }, idempotent: true },
    schema: { tags, summary: 'Reinstate a suspended member', params: idParam, response: memberAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'member reinstated',
      data: await pool.fire(req.user!, req.params.id, 'reinstate'),
    }),
  });

  // Publicity
  r.get('/api/pool/publicity', {
    config: { access: { permission: P.list } },
    schema: {
      tags,
      summary: 'Publicity notices of pool members, newest first',
      querystring: poolPublicityQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(poolPublicityRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await pool.publicityList(req.query, pageOf(req.query))),
    }),
  });
  r.get('/api/pool/publicity/export', {
    config: { access: { permission: P.export } },
    schema: { tags, summary: 'Export the publicity notices to Excel', querystring: poolPublicityQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      const columns: ExcelColumn<z.output<typeof poolPublicityRow>>[] = [
        { header: h('Title', '标题'), width: 40, value: (x) => x.title },
        { header: h('Members', '公示单位数'), width: 12, value: (x) => x.memberIds.length },
        { header: h('Published by', '发布人'), width: 16, value: (x) => x.createdByName ?? '' },
        { header: h('Published', '发布时间'), width: 18, value: (x) => x.createdAt },
      ];
      return streamExcel(reply, lang === 'zh' ? '入库公示.xlsx' : 'pool-publicity.xlsx', columns, (page) =>
        pool.publicityList(req.query, page).then((r) => r.rows),
      );
    },
  });
  r.get('/api/pool/publicity/:id', {
    config: { access: { permission: [P.list, P.query] } },
    schema: { tags, summary: 'One publicity with its members', params: idParam, response: publicityAnswer },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await pool.publicityDetail(req.params.id) }),
  });
  r.post('/api/pool/publicity', {
    config: { access: { permission: P.add }, idempotent: true },
    schema: {
      tags,
      summary: 'Publish the chosen members on /pub as a pool notice',
      body: poolPublicityBody,
      response: publicityAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'publicity published',
      data: await pool.publishPublicity(req.user!, req.body),
    }),
  });
  r.put('/api/pool/publicity/:id', {
    config: { access: { permission: P.edit } },
    schema: {
      tags,
      summary: 'Replace a publicity’s notice with one of the new title, text and members',
      params: idParam,
      body: poolPublicityBody,
      response: publicityAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'publicity saved',
      data: await pool.editPublicity(req.user!, req.params.id, req.body),
    }),
  });
  r.delete('/api/pool/publicity/:id', {
    config: { access: { permission: P.remove } },
    schema: { tags, summary: 'Withdraw a publicity: its notice leaves /pub', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      await pool.removePublicity(req.user!, req.params.id);
      return { code: 200 as const, msg: 'publicity withdrawn' };
    },
  });
}
