import { Perm } from '@lvb/contracts/permissions';
import { operationLogRow, signinLogRow } from '@lvb/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sendExcel } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { dateRangeQuery, listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { createOperationLogService } from './operation-log.service.ts';

const text = (max: number) => z.string().trim().max(max).optional();
const outcome = (status: string) => (status === '0' ? 'Success' : 'Failure');

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

/** base/log: the operation log and the sign-in log, filtered, paged and exported. */
export async function logsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['logs'];
  const logs = createOperationLogService({ db });

  r.get('/api/base/logs/operations', {
    config: { access: { permission: Perm.base.log.list } },
    schema: {
      tags,
      summary: 'The operation log',
      querystring: operationFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(operationLogRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await logs.operations(req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/base/logs/operations/export', {
    config: { access: { permission: Perm.base.log.export } },
    schema: { tags, summary: 'Export the filtered operation log to Excel', querystring: operationFilter },
    handler: async (req, reply) =>
      sendExcel(
        reply,
        'operation-log.xlsx',
        [
          { header: 'Time', width: 22, value: (x) => x.createdAt },
          { header: 'User', value: (x) => x.userName },
          { header: 'Operation', width: 40, value: (x) => x.title },
          { header: 'Method', width: 10, value: (x) => x.method },
          { header: 'Path', width: 36, value: (x) => x.path },
          { header: 'Address', value: (x) => x.ip },
          { header: 'Outcome', value: (x) => outcome(x.status) },
          { header: 'Message', width: 40, value: (x) => x.errorMsg },
          { header: 'Duration (ms)', value: (x) => x.durationMs },
        ],
        await logs.exportOperations(req.query),
      ),
  });

  r.get('/api/base/logs/operations/:id', {
    config: { access: { permission: Perm.base.log.query } },
    schema: {
      tags,
      summary: 'One entry of the operation log',
      params: idParam,
      response: { 200: okWith({ data: operationLogRow }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await logs.operation(req.params.id) }),
  });

  r.get('/api/base/logs/signins', {
    config: { access: { permission: Perm.base.log.list } },
    schema: {
      tags,
      summary: 'The sign-in log',
      querystring: signinFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(signinLogRow) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', ...(await logs.signIns(req.query, pageOf(req.query))) }),
  });

  r.get('/api/base/logs/signins/export', {
    config: { access: { permission: Perm.base.log.export } },
    schema: { tags, summary: 'Export the filtered sign-in log to Excel', querystring: signinFilter },
    handler: async (req, reply) =>
      sendExcel(
        reply,
        'signin-log.xlsx',
        [
          { header: 'Time', width: 22, value: (x) => x.createdAt },
          { header: 'Account', value: (x) => x.loginName },
          { header: 'Kind', value: (x) => (x.types === 0 ? 'Back office' : 'Supplier') },
          { header: 'Method', value: (x) => x.method },
          { header: 'Address', value: (x) => x.ip },
          { header: 'Browser', width: 40, value: (x) => x.userAgent },
          { header: 'Outcome', value: (x) => outcome(x.status) },
          { header: 'Message', width: 36, value: (x) => x.msg },
        ],
        await logs.exportSignIns(req.query),
      ),
  });
}
