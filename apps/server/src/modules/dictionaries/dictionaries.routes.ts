import { dictDataBody, dictTypeBody } from '@lvb/contracts/admin';
import { dictEntry } from '@lvb/contracts/identity';
import { Perm } from '@lvb/contracts/permissions';
import { dictDataRow, dictTypeRow } from '@lvb/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { createdAnswer } from '../../lib/crud-routes.ts';
import { languageOf, type Language } from '../../i18n/text.ts';
import { headerIn, sendExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { createDictionariesService } from './dictionaries.service.ts';

const perm = Perm.system.dict;
const tags = ['dictionaries'];
const typeFilter = z.object({
  dictType: z.string().trim().max(100).optional(),
  name: z.string().trim().max(100).optional(),
});

/** The columns of an export of dictionary types, headed in the reader's language. */
function typeSheet(lang: Language): ExcelColumn<z.output<typeof dictTypeRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Dictionary type', '字典类型'), width: 28, value: (d) => d.dictType },
    { header: h('Name', '字典名称'), width: 30, value: (d) => d.name },
    { header: h('Chinese name', '中文名称'), width: 24, value: (d) => d.nameZh },
    { header: h('Status', '状态'), value: (d) => statusLabel('sys_normal_disable', d.status)[lang] },
    { header: h('Remark', '备注'), width: 36, value: (d) => d.remark },
  ];
}

/** The public call: labels of statuses and types are shown on public pages (hall, announcements). */
export async function dictionariesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dictionaries = createDictionariesService({ db });

  r.get('/system/dict/data/type/:dictType', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: 'Enabled entries of a dictionary type, in order',
      params: z.object({
        dictType: z.string().regex(/^[a-z][a-z0-9_]{1,99}$/, 'dictionary type: lower-case letters, digits and _'),
      }),
      response: { 200: okWith({ data: z.array(dictEntry) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await dictionaries.publicEntries(req.params.dictType),
    }),
  });
}

/** Dictionary types and their entries (label, value, tag style), shown in the parameters page. */
export async function dictionariesAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dictionaries = createDictionariesService({ db });

  // The catalogue grants no list button of its own: query opens the dictionaries.
  r.get('/api/system/dict/types', {
    config: { access: { permission: perm.query } },
    schema: {
      tags,
      summary: 'List dictionary types',
      querystring: typeFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(dictTypeRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await dictionaries.listTypes(req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/system/dict/types/export', {
    config: { access: { permission: perm.export } },
    schema: { tags, summary: 'Export the filtered dictionary types to Excel', querystring: typeFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const rows = await dictionaries.exportTypes(req.query);
      return sendExcel(reply, lang === 'zh' ? '字典类型.xlsx' : 'dictionaries.xlsx', typeSheet(lang), rows);
    },
  });

  r.post('/api/system/dict/types', {
    config: { access: { permission: perm.add } },
    schema: { tags, summary: 'Create a dictionary type', body: dictTypeBody, response: { 200: createdAnswer } },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'dictionary type created',
      data: { id: await dictionaries.createType(req.body) },
    }),
  });

  r.put('/api/system/dict/types/:id', {
    config: { access: { permission: perm.edit } },
    schema: {
      tags,
      summary: 'Edit a dictionary type (its entries follow a key change)',
      params: idParam,
      body: dictTypeBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(dictionaries.updateType(req.params.id, req.body), 'dictionary type saved'),
  });

  r.delete('/api/system/dict/types/:id', {
    config: { access: { permission: perm.remove } },
    schema: { tags, summary: 'Remove a dictionary type and its entries', params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(dictionaries.removeType(req.params.id), 'removed'),
  });

  r.get('/api/system/dict/data', {
    config: { access: { permission: perm.query } },
    schema: {
      tags,
      summary: 'Entries of one dictionary type, enabled or not',
      querystring: z.object({ dictType: dictTypeBody.shape.dictType }),
      response: { 200: okWith({ data: z.array(dictDataRow) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await dictionaries.entries(req.query.dictType) }),
  });

  r.post('/api/system/dict/data', {
    config: { access: { permission: perm.add } },
    schema: { tags, summary: 'Add a dictionary entry', body: dictDataBody, response: { 200: createdAnswer } },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'entry created',
      data: { id: await dictionaries.createEntry(req.body) },
    }),
  });

  r.put('/api/system/dict/data/:id', {
    config: { access: { permission: perm.edit } },
    schema: { tags, summary: 'Edit a dictionary entry', params: idParam, body: dictDataBody, response: { 200: ok } },
    handler: async (req) => okAfter(dictionaries.updateEntry(req.params.id, req.body), 'entry saved'),
  });

  r.delete('/api/system/dict/data/:id', {
    config: { access: { permission: perm.remove } },
    schema: { tags, summary: 'Remove a dictionary entry', params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(dictionaries.removeEntry(req.params.id), 'removed'),
  });
}
