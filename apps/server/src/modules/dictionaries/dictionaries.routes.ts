import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { dictData } from './dictionaries.table.ts';

const entry = z.object({
  dictLabel: z.string(),
  dictLabelZh: z.string(),
  dictValue: z.string(),
  listClass: z.string(),
  cssClass: z.string(),
  dictSort: z.number(),
  isDefault: z.string(),
});

export async function dictionariesRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public: labels of statuses and types are shown on public pages (hall, announcements).
  r.get('/system/dict/data/type/:dictType', {
    config: { access: { public: true } },
    schema: {
      tags: ['dictionaries'],
      summary: 'Enabled entries of a dictionary type, in order',
      params: z.object({
        dictType: z.string().regex(/^[a-z][a-z0-9_]{1,99}$/, 'dictionary type: lower-case letters, digits and _'),
      }),
      response: { 200: okWith({ data: z.array(entry) }) },
    },
    handler: async (req) => {
      const rows = await db
        .select()
        .from(dictData)
        .where(and(eq(dictData.dictType, req.params.dictType), eq(dictData.status, '0')))
        .orderBy(asc(dictData.sort), asc(dictData.id));
      return {
        code: 200 as const,
        msg: 'ok',
        data: rows.map((d) => ({
          dictLabel: d.label,
          dictLabelZh: d.labelZh || d.label,
          dictValue: d.value,
          listClass: d.listClass,
          cssClass: d.cssClass,
          dictSort: d.sort,
          isDefault: d.isDefault,
        })),
      };
    },
  });
}
