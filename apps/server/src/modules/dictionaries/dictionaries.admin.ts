import { dictDataBody, dictTypeBody } from '@lvb/contracts/admin';
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { dictData, dictTypes } from './dictionaries.table.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const perm = (action: string) => `system:dict:${action}`;

const typeRow = z.object({
  id: z.number(),
  dictType: z.string(),
  name: z.string(),
  nameZh: z.string(),
  status: z.string(),
  remark: z.string().nullable(),
});
const dataRow = z.object({
  id: z.number(),
  dictType: z.string(),
  label: z.string(),
  labelZh: z.string(),
  value: z.string(),
  sort: z.number(),
  listClass: z.string(),
  cssClass: z.string(),
  isDefault: z.string(),
  status: z.string(),
});

/** Dictionary types and their entries (label, value, tag style), shown in the parameters page. */
export async function dictionariesAdminRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dictionaries'];

  r.get('/api/system/dict/types', {
    config: { access: { permission: [perm('list'), perm('query')] } },
    schema: {
      tags,
      summary: 'List dictionary types',
      querystring: pageQuery.extend({
        dictType: z.string().trim().max(100).optional(),
        name: z.string().trim().max(100).optional(),
      }),
      response: { 200: listAnswer(typeRow) },
    },
    handler: async (req) => {
      const q = req.query;
      const cond: SQL | undefined = and(
        q.dictType ? ilike(dictTypes.dictType, like(q.dictType)) : undefined,
        q.name ? ilike(dictTypes.name, like(q.name)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(dictTypes).where(cond);
      const rows = await db
        .select()
        .from(dictTypes)
        .where(cond)
        .orderBy(asc(dictTypes.dictType))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.post('/api/system/dict/types', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Create a dictionary type',
      body: dictTypeBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const [clash] = await db
        .select({ id: dictTypes.id })
        .from(dictTypes)
        .where(eq(dictTypes.dictType, req.body.dictType));
      if (clash) throw conflict(text('a dictionary type with this key already exists', '字典类型已存在'));
      const [row] = await db.insert(dictTypes).values(req.body).returning({ id: dictTypes.id });
      return { code: 200 as const, msg: 'dictionary type created', data: { id: row!.id } };
    },
  });

  r.put('/api/system/dict/types/:id', {
    config: { access: { permission: perm('edit') } },
    schema: {
      tags,
      summary: 'Edit a dictionary type (its entries follow a key change)',
      params: idParam,
      body: dictTypeBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      const [current] = await db.select().from(dictTypes).where(eq(dictTypes.id, req.params.id));
      if (!current) throw notFound(text('dictionary type does not exist', '字典类型不存在'));
      const [clash] = await db
        .select({ id: dictTypes.id })
        .from(dictTypes)
        .where(eq(dictTypes.dictType, req.body.dictType));
      if (clash && clash.id !== current.id)
        throw conflict(text('a dictionary type with this key already exists', '字典类型已存在'));
      await db.transaction(async (tx) => {
        await tx.update(dictTypes).set(req.body).where(eq(dictTypes.id, current.id));
        await tx.update(dictData).set({ dictType: req.body.dictType }).where(eq(dictData.dictType, current.dictType));
      });
      return { code: 200 as const, msg: 'dictionary type saved' };
    },
  });

  r.delete('/api/system/dict/types/:id', {
    config: { access: { permission: perm('remove') } },
    schema: { tags, summary: 'Remove a dictionary type and its entries', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      const [current] = await db.select().from(dictTypes).where(eq(dictTypes.id, req.params.id));
      if (!current) throw notFound(text('dictionary type does not exist', '字典类型不存在'));
      await db.transaction(async (tx) => {
        await tx.delete(dictData).where(eq(dictData.dictType, current.dictType));
        await tx.delete(dictTypes).where(eq(dictTypes.id, current.id));
      });
      return { code: 200 as const, msg: 'removed' };
    },
  });

  r.get('/api/system/dict/data', {
    config: { access: { permission: [perm('list'), perm('query')] } },
    schema: {
      tags,
      summary: 'Entries of one dictionary type, enabled or not',
      querystring: z.object({ dictType: dictTypeBody.shape.dictType }),
      response: { 200: okWith({ data: z.array(dataRow) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await db
        .select()
        .from(dictData)
        .where(eq(dictData.dictType, req.query.dictType))
        .orderBy(asc(dictData.sort), asc(dictData.id)),
    }),
  });

  const saveEntry = async (body: z.output<typeof dictDataBody>, id?: number) => {
    const [type] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.dictType, body.dictType));
    if (!type) throw notFound(text('dictionary type does not exist', '字典类型不存在'));
    const [clash] = await db
      .select({ id: dictData.id })
      .from(dictData)
      .where(and(eq(dictData.dictType, body.dictType), eq(dictData.value, body.value)));
    if (clash && clash.id !== id)
      throw conflict(text('this dictionary already has an entry with this value', '该字典已存在相同键值的数据'));
  };

  r.post('/api/system/dict/data', {
    config: { access: { permission: perm('add') } },
    schema: {
      tags,
      summary: 'Add a dictionary entry',
      body: dictDataBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      await saveEntry(req.body);
      const [row] = await db.insert(dictData).values(req.body).returning({ id: dictData.id });
      return { code: 200 as const, msg: 'entry created', data: { id: row!.id } };
    },
  });

  r.put('/api/system/dict/data/:id', {
    config: { access: { permission: perm('edit') } },
    schema: { tags, summary: 'Edit a dictionary entry', params: idParam, body: dictDataBody, response: { 200: ok } },
    handler: async (req) => {
      await saveEntry(req.body, req.params.id);
      const updated = await db
        .update(dictData)
        .set(req.body)
        .where(eq(dictData.id, req.params.id))
        .returning({ id: dictData.id });
      if (updated.length === 0) throw notFound(text('entry does not exist', '字典数据不存在'));
      return { code: 200 as const, msg: 'entry saved' };
    },
  });

  r.delete('/api/system/dict/data/:id', {
    config: { access: { permission: perm('remove') } },
    schema: { tags, summary: 'Remove a dictionary entry', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      const removed = await db.delete(dictData).where(eq(dictData.id, req.params.id)).returning({ id: dictData.id });
      if (removed.length === 0) throw notFound(text('entry does not exist', '字典数据不存在'));
      return { code: 200 as const, msg: 'removed' };
    },
  });
}
