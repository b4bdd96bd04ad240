import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { EXPORT_MAX_ROWS, sendExcel } from '../../lib/excel.ts';
import { dateRangeQuery, listAnswer, offsetOf, pageQuery } from '../../lib/paging.ts';
import { signinLog } from '../auth/auth.table.ts';
import { operationLog } from './operation-log.table.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const text = (max: number) => z.string().trim().max(max).optional();

const operationFilter = dateRangeQuery.extend({
  title: text(200),
  userName: text(50),
  status: z.enum(['0', '1']).optional(),
  method: z.enum(['POST', 'PUT', 'DELETE', 'PATCH']).optional(),
});
const signinFilter = dateRangeQuery.extend({
  loginName: text(50),
  ip: text(64),
  status: z.enum(['0', '1']).optional(),
  types: z.coerce.number().int().min(0).max(1).optional(),
});

const operationRow = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  types: z.number().nullable(),
  title: z.string(),
  method: z.string(),
  path: z.string(),
  ip: z.string().nullable(),
  status: z.string(),
  resultCode: z.number(),
  errorMsg: z.string().nullable(),
  durationMs: z.number(),
  createdAt: z.date(),
});
const signinRow = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  loginName: z.string(),
  types: z.number(),
  method: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.string(),
  msg: z.string(),
  createdAt: z.date(),
});

const between = (
  col: typeof operationLog.createdAt | typeof signinLog.createdAt,
  q: { beginTime?: string; endTime?: string },
) => [
  q.beginTime ? sql`${col} >= ${q.beginTime}::date` : undefined,
  q.endTime ? sql`${col} < ${q.endTime}::date + 1` : undefined,
];

/** base/log: the operation log and the sign-in log, filtered, paged and exported. */
export async function logsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['logs'];

  const operationWhere = (q: z.output<typeof operationFilter>): SQL | undefined =>
    and(
      q.title ? ilike(operationLog.title, like(q.title)) : undefined,
      q.userName ? ilike(operationLog.userName, like(q.userName)) : undefined,
      q.status ? eq(operationLog.status, q.status) : undefined,
      q.method ? eq(operationLog.method, q.method) : undefined,
      ...between(operationLog.createdAt, q),
    );
  const signinWhere = (q: z.output<typeof signinFilter>): SQL | undefined =>
    and(
      q.loginName ? ilike(signinLog.loginName, like(q.loginName)) : undefined,
      q.ip ? ilike(signinLog.ip, like(q.ip)) : undefined,
      q.status ? eq(signinLog.status, q.status) : undefined,
      q.types !== undefined ? eq(signinLog.types, q.types) : undefined,
      ...between(signinLog.createdAt, q),
    );

  r.get('/api/base/logs/operations', {
    config: { access: { permission: 'base:log:list' } },
    schema: {
      tags,
      summary: 'The operation log',
      querystring: operationFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(operationRow) },
    },
    handler: async (req) => {
      const cond = operationWhere(req.query);
      const [total] = await db.select({ n: count() }).from(operationLog).where(cond);
      const rows = await db
        .select()
        .from(operationLog)
        .where(cond)
        .orderBy(desc(operationLog.id))
        .limit(req.query.pageSize)
        .offset(offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.get('/api/base/logs/operations/export', {
    config: { access: { permission: 'base:log:export' } },
    schema: { tags, summary: 'Export the filtered operation log to Excel', querystring: operationFilter },
    handler: async (req, reply) => {
      const rows = await db
        .select()
        .from(operationLog)
        .where(operationWhere(req.query))
        .orderBy(desc(operationLog.id))
        .limit(EXPORT_MAX_ROWS);
      return sendExcel(
        reply,
        'operation-log.xlsx',
        [
          { header: 'Time', width: 22, value: (x) => x.createdAt },
          { header: 'User', value: (x) => x.userName },
          { header: 'Operation', width: 40, value: (x) => x.title },
          { header: 'Method', width: 10, value: (x) => x.method },
          { header: 'Path', width: 36, value: (x) => x.path },
          { header: 'Address', value: (x) => x.ip },
          { header: 'Outcome', value: (x) => (x.status === '0' ? 'Success' : 'Failure') },
          { header: 'Message', width: 40, value: (x) => x.errorMsg },
          { header: 'Duration (ms)', value: (x) => x.durationMs },
        ],
        rows,
      );
    },
  });

  r.get('/api/base/logs/signins', {
    config: { access: { permission: 'base:log:list' } },
    schema: {
      tags,
      summary: 'The sign-in log',
      querystring: signinFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(signinRow) },
    },
    handler: async (req) => {
      const cond = signinWhere(req.query);
      const [total] = await db.select({ n: count() }).from(signinLog).where(cond);
      const rows = await db
        .select()
        .from(signinLog)
        .where(cond)
        .orderBy(desc(signinLog.id))
        .limit(req.query.pageSize)
        .offset(offsetOf(req.query));
      return { code: 200 as const, msg: 'ok', rows, total: total?.n ?? 0 };
    },
  });

  r.get('/api/base/logs/signins/export', {
    config: { access: { permission: 'base:log:export' } },
    schema: { tags, summary: 'Export the filtered sign-in log to Excel', querystring: signinFilter },
    handler: async (req, reply) => {
      const rows = await db
        .select()
        .from(signinLog)
        .where(signinWhere(req.query))
        .orderBy(desc(signinLog.id))
        .limit(EXPORT_MAX_ROWS);
      return sendExcel(
        reply,
        'signin-log.xlsx',
        [
          { header: 'Time', width: 22, value: (x) => x.createdAt },
          { header: 'Account', value: (x) => x.loginName },
          { header: 'Kind', value: (x) => (x.types === 0 ? 'Back office' : 'Supplier') },
          { header: 'Method', value: (x) => x.method },
          { header: 'Address', value: (x) => x.ip },
          { header: 'Browser', width: 40, value: (x) => x.userAgent },
          { header: 'Outcome', value: (x) => (x.status === '0' ? 'Success' : 'Failure') },
          { header: 'Message', width: 36, value: (x) => x.msg },
        ],
        rows,
      );
    },
  });
}
