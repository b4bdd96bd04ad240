import { Perm } from '@lvb/contracts/permissions';
import { operationLogRow, signinLogRow } from '@lvb/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf, text, type Language, type Text } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { dateRangeQuery, listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import { createOperationLogService } from './operation-log.service.ts';

const words = (max: number) => z.string().trim().max(max).optional();

const operationFilter = dateRangeQuery.extend({
  title: words(200),
  userName: words(50),
  status: z.enum(['0', '1']).optional(),
  method: z.enum(['POST', 'PUT', 'DELETE', 'PATCH']).optional(),
});
const signinFilter = dateRangeQuery.extend({
  loginName: words(50),
  ip: words(64),
  status: z.enum(['0', '1']).optional(),
  types: z.coerce.number().int().min(0).max(1).optional(),
});

/** How an account signed in, as the sign-in log's readers say it. */
const SIGN_IN_METHOD: Record<string, Text> = {
  password: text('password', '密码'),
  sms: text('SMS code', '短信验证码'),
  ca: text('CA certificate', 'CA 证书'),
};

function operationColumns(lang: Language): ExcelColumn<z.output<typeof operationLogRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Time', '操作时间'), width: 18, value: (x) => x.createdAt },
    { header: h('User', '操作人'), value: (x) => x.userName },
    { header: h('Operation', '操作'), width: 40, value: (x) => x.title },
    { header: h('Method', '请求方式'), width: 10, value: (x) => x.method },
    { header: h('Path', '请求地址'), width: 36, value: (x) => x.path },
    { header: h('Address', 'IP 地址'), value: (x) => x.ip },
    { header: h('Outcome', '结果'), value: (x) => statusLabel('sys_common_status', x.status)[lang] },
    { header: h('Message', '错误信息'), width: 40, value: (x) => x.errorMsg },
    { header: h('Duration (ms)', '耗时（毫秒）'), value: (x) => x.durationMs },
  ];
}

function signInColumns(lang: Language): ExcelColumn<z.output<typeof signinLogRow>>[] {
  const h = headerIn(lang);
  return [
    { header: h('Time', '登录时间'), width: 18, value: (x) => x.createdAt },
    { header: h('Account', '登录账号'), value: (x) => x.loginName },
    {
      header: h('Kind', '账号类型'),
      // A refused certificate sign-in may name no account the platform knows (types -1).
      value: (x) =>
        x.types < 0 ? h('no known account', '未知账号') : statusLabel('sys_user_types', String(x.types))[lang],
    },
    { header: h('Method', '登录方式'), value: (x) => SIGN_IN_METHOD[x.method]?.[lang] ?? x.method },
    { header: h('Address', 'IP 地址'), value: (x) => x.ip },
    { header: h('Browser', '浏览器'), width: 40, value: (x) => x.userAgent },
    { header: h('Outcome', '结果'), value: (x) => statusLabel('sys_common_status', x.status)[lang] },
    { header: h('Message', '提示信息'), width: 36, value: (x) => x.msg },
  ];
}

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
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(
        reply,
        lang === 'zh' ? '操作日志.xlsx' : 'operation-log.xlsx',
        operationColumns(lang),
        (page) => logs.operationRows(req.query, page),
      );
    },
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
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return streamExcel(reply, lang === 'zh' ? '登录日志.xlsx' : 'signin-log.xlsx', signInColumns(lang), (page) =>
        logs.signInRows(req.query, page),
      );
    },
  });
}
