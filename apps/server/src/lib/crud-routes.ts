import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { EXPORT_MAX_ROWS, sendExcel, type ExcelColumn } from './excel.ts';
import { text, type Text } from '../i18n/text.ts';
import { notFound } from './errors.ts';
import { idParam, idsParam } from './id-params.ts';
import { listAnswer, offsetOf, pageQuery } from './paging.ts';
import { ok, okWith } from './route-helpers.ts';

type TableWithId = PgTable & { id: PgColumn };

export interface CrudOptions<B extends z.ZodObject, F extends z.ZodObject, Row extends Record<string, unknown>> {
  db: Db;
  table: TableWithId;
  base: string;
  /** Permission prefix `module:entity`. */
  perm: string;
  tag: string;
  /** What one row is, in both languages: the English names the calls, both name a missing row. */
  noun: Text;
  body: B;
  row: z.ZodType<Row>;
  filter: F;
  where: (f: z.output<F>) => SQL | undefined;
  orderBy: SQL | PgColumn;
  exportColumns: ExcelColumn<Row>[];
  /** Checks before a write (references, uniqueness); throws an AppError to refuse. */
  check?: (body: z.output<B>, id?: number) => Promise<void>;
  /** Checks before removal (is it still used?); throws to refuse. */
  beforeRemove?: (ids: number[]) => Promise<void>;
}

/**
 * The list, export, read, create, edit and remove calls of a plain master-data table, with
 * one permission per action (`<perm>:list|export|query|add|edit|remove`).
 */
export function crudRoutes<B extends z.ZodObject, F extends z.ZodObject, Row extends Record<string, unknown>>(
  app: FastifyInstance,
  o: CrudOptions<B, F, Row>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [o.tag];
  const { db, table } = o;

  r.get(o.base, {
    config: { access: { permission: `${o.perm}:list` } },
    schema: {
      tags,
      summary: `List ${o.noun.en}s`,
      querystring: o.filter.extend(pageQuery.shape),
      response: { 200: listAnswer(o.row) },
    },
    handler: async (req) => {
      const q = req.query as z.output<F> & { pageNum: number; pageSize: number };
      const cond = o.where(q);
      const [total] = await db.select({ n: count() }).from(table).where(cond);
      const rows = await db
        .select()
        .from(table)
        .where(cond)
        .orderBy(o.orderBy, asc(table.id))
        .limit(q.pageSize)
        .offset(offsetOf(q));
      return { code: 200 as const, msg: 'ok', rows: rows as Row[], total: total?.n ?? 0 };
    },
  });

  r.get(`${o.base}/export`, {
    config: { access: { permission: `${o.perm}:export` } },
    schema: { tags, summary: `Export ${o.noun.en}s to Excel`, querystring: o.filter },
    handler: async (req, reply) => {
      const rows = await db
        .select()
        .from(table)
        .where(o.where(req.query as z.output<F>))
        .orderBy(o.orderBy)
        .limit(EXPORT_MAX_ROWS);
      return sendExcel(reply, `${o.noun.en.replace(/\s+/g, '-')}s.xlsx`, o.exportColumns, rows as Row[]);
    },
  });

  r.get(`${o.base}/:id`, {
    config: { access: { permission: `${o.perm}:query` } },
    schema: { tags, summary: `One ${o.noun.en}`, params: idParam, response: { 200: okWith({ data: o.row }) } },
    handler: async (req) => {
      const [row] = await db.select().from(table).where(eq(table.id, req.params.id));
      if (!row) throw notFound(text(`${o.noun.en} does not exist`, `${o.noun.zh}不存在`));
      return { code: 200 as const, msg: 'ok', data: row as Row };
    },
  });

  r.post(o.base, {
    config: { access: { permission: `${o.perm}:add` } },
    schema: {
      tags,
      summary: `Create a ${o.noun.en}`,
      body: o.body,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const body = req.body as z.output<B>;
      await o.check?.(body);
      const [row] = (await db
        .insert(table)
        .values(body as never)
        .returning({ id: table.id })) as { id: number }[];
      return { code: 200 as const, msg: `${o.noun.en} created`, data: { id: row!.id } };
    },
  });

  r.put(`${o.base}/:id`, {
    config: { access: { permission: `${o.perm}:edit` } },
    schema: { tags, summary: `Edit a ${o.noun.en}`, params: idParam, body: o.body, response: { 200: ok } },
    handler: async (req) => {
      const body = req.body as z.output<B>;
      await o.check?.(body, req.params.id);
      const updated = (await db
        .update(table)
        .set(body as never)
        .where(eq(table.id, req.params.id))
        .returning({ id: table.id })) as unknown[];
      if (updated.length === 0) throw notFound(text(`${o.noun.en} does not exist`, `${o.noun.zh}不存在`));
      return { code: 200 as const, msg: `${o.noun.en} saved` };
    },
  });

  r.delete(`${o.base}/:ids`, {
    config: { access: { permission: `${o.perm}:remove` } },
    schema: { tags, summary: `Remove ${o.noun.en}s that nothing uses`, params: idsParam, response: { 200: ok } },
    handler: async (req) => {
      await o.beforeRemove?.(req.params.ids);
      await db.delete(table).where(inArray(table.id, req.params.ids));
      return { code: 200 as const, msg: 'removed' };
    },
  });
}
