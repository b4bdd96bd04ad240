import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf, type Language, type Text } from '../i18n/text.ts';
import type { CrudService } from './crud-service.ts';
import { sendExcel, type ExcelColumn } from './excel.ts';
import { idParam, idsParam } from './id-params.ts';
import { listAnswer, pageQuery } from './paging.ts';
import { ok, okWith } from './route-helpers.ts';

/** The answer of a create call: the new row's id. */
export const createdAnswer = okWith({ data: z.object({ id: z.number() }) });

export interface CrudOptions<B extends z.ZodObject, F extends z.ZodObject, Row extends Record<string, unknown>> {
  base: string;
  /** One permission per action. */
  perm: { list: string; export: string; query: string; add: string; edit: string; remove: string };
  tag: string;
  /** What one row is: its English names the calls. */
  noun: Text;
  body: B;
  row: z.ZodType<Row>;
  filter: F;
  /** The export's columns in the reader's language (headers, and words for codes). */
  exportColumns: (lang: Language) => ExcelColumn<Row>[] | Promise<ExcelColumn<Row>[]>;
  service: CrudService<Row, z.output<B>, z.output<F>>;
}

/** The list, export, read, create, edit and remove calls of a plain master-data table. */
export function crudRoutes<B extends z.ZodObject, F extends z.ZodObject, Row extends Record<string, unknown>>(
  app: FastifyInstance,
  o: CrudOptions<B, F, Row>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [o.tag];
  const { service } = o;
  const plural = o.noun.en.replace(/y$/, 'ie') + 's';

  r.get(o.base, {
    config: { access: { permission: o.perm.list } },
    schema: {
      tags,
      summary: `List ${plural}`,
      querystring: o.filter.extend(pageQuery.shape),
      response: { 200: listAnswer(o.row) },
    },
    handler: async (req) => {
      const q = req.query as z.output<F> & { pageNum: number; pageSize: number };
      return { code: 200 as const, msg: 'ok', ...(await service.list(q, q)) };
    },
  });

  r.get(`${o.base}/export`, {
    config: { access: { permission: o.perm.export } },
    schema: { tags, summary: `Export ${plural} to Excel`, querystring: o.filter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return sendExcel(
        reply,
        lang === 'zh' ? `${o.noun.zh}.xlsx` : `${plural.replace(/\s+/g, '-')}.xlsx`,
        await o.exportColumns(lang),
        await service.exportRows(req.query as z.output<F>),
      );
    },
  });

  r.get(`${o.base}/:id`, {
    config: { access: { permission: o.perm.query } },
    schema: { tags, summary: `One ${o.noun.en}`, params: idParam, response: { 200: okWith({ data: o.row }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await service.get(req.params.id) }),
  });

  r.post(o.base, {
    config: { access: { permission: o.perm.add } },
    schema: { tags, summary: `Create a ${o.noun.en}`, body: o.body, response: { 200: createdAnswer } },
    handler: async (req) => ({
      code: 200 as const,
      msg: `${o.noun.en} created`,
      data: { id: await service.create(req.body as z.output<B>) },
    }),
  });

  r.put(`${o.base}/:id`, {
    config: { access: { permission: o.perm.edit } },
    schema: { tags, summary: `Edit a ${o.noun.en}`, params: idParam, body: o.body, response: { 200: ok } },
    handler: async (req) => {
      await service.update(req.params.id, req.body as z.output<B>);
      return { code: 200 as const, msg: `${o.noun.en} saved` };
    },
  });

  r.delete(`${o.base}/:ids`, {
    config: { access: { permission: o.perm.remove } },
    schema: { tags, summary: `Remove ${plural} that nothing uses`, params: idsParam, response: { 200: ok } },
    handler: async (req) => {
      await service.remove(req.params.ids);
      return { code: 200 as const, msg: 'removed' };
    },
  });
}
