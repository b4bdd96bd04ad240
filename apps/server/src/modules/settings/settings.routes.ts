import { paramBody } from '@lvb/contracts/admin';
import { Perm } from '@lvb/contracts/permissions';
import { paramRow, siteInfo } from '@lvb/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createdAnswer } from '../../lib/crud-routes.ts';
import { languageOf, text, type Text } from '../../i18n/text.ts';
import { EXPORT_MAX_ROWS, headerIn, sendExcel } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { Scope, SettingsService } from './settings.service.ts';

interface Deps {
  settings: SettingsService;
  loginKey: string;
  captchaEnabled: boolean;
  smsOutbox: boolean;
}

const paramFilter = z.object({
  configKey: z.string().trim().max(100).optional(),
  name: z.string().trim().max(100).optional(),
});

/** A parameter's kind of value, as its editor says it. */
const VALUE_TYPE: Record<string, Text> = {
  string: text('text', '文本'),
  number: text('number', '数字'),
  boolean: text('yes or no', '是 / 否'),
};
const FILE_NAME: Record<Scope, Text> = {
  system: text('system-parameters', '系统参数'),
  business: text('business-parameters', '业务参数'),
};

/** The same calls for system parameters (system/config) and business parameters (base/parameter). */
function paramRoutes(
  app: FastifyInstance,
  settings: SettingsService,
  scope: Scope,
  base: string,
  perm: typeof Perm.system.config | typeof Perm.base.parameter,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parameters'];
  const what = scope === 'system' ? 'system parameter' : 'business parameter';

  r.get(base, {
    config: { access: { permission: perm.list } },
    schema: {
      tags,
      summary: `List ${what}s`,
      querystring: paramFilter.extend(pageQuery.shape),
      response: { 200: listAnswer(paramRow) },
    },
    handler: async (req) => {
      const { pageNum: _p, pageSize: _s, ...f } = req.query;
      return { code: 200 as const, msg: 'ok', ...(await settings.list(scope, f, pageOf(req.query))) };
    },
  });

  r.get(`${base}/export`, {
    config: { access: { permission: perm.export } },
    schema: { tags, summary: `Export ${what}s to Excel`, querystring: paramFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      const { rows } = await settings.list(scope, req.query, { offset: 0, limit: EXPORT_MAX_ROWS });
      return sendExcel(
        reply,
        `${FILE_NAME[scope][lang]}.xlsx`,
        [
          { header: h('Key', '参数键名'), width: 28, value: (p) => p.configKey },
          { header: h('Name', '参数名称'), width: 40, value: (p) => p.name },
          { header: h('Value', '参数键值'), width: 40, value: (p) => p.value },
          { header: h('Type', '类型'), value: (p) => VALUE_TYPE[p.valueType]?.[lang] ?? p.valueType },
          { header: h('Updated', '更新时间'), width: 18, value: (p) => p.updatedAt },
        ],
        rows,
      );
    },
  });

  r.get(`${base}/:id`, {
    // The edit form reads the parameter as it is now: its editors may read it too.
    config: { access: { permission: [perm.query, perm.edit] } },
    schema: { tags, summary: `One ${what}`, params: idParam, response: { 200: okWith({ data: paramRow }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await settings.one(scope, req.params.id) }),
  });

  r.post(base, {
    config: { access: { permission: perm.add } },
    schema: {
      tags,
      summary: `Create a ${what}`,
      body: paramBody,
      response: { 200: createdAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'parameter created',
      data: { id: await settings.create(scope, req.body) },
    }),
  });

  r.put(`${base}/:id`, {
    config: { access: { permission: perm.edit } },
    schema: {
      tags,
      summary: `Edit a ${what}; its value is checked against its rule`,
      params: idParam,
      body: paramBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(settings.update(scope, req.params.id, req.body), 'parameter saved'),
  });

  r.delete(`${base}/:id`, {
    config: { access: { permission: perm.remove } },
    schema: { tags, summary: `Remove a ${what} that is not built in`, params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(settings.remove(scope, req.params.id), 'removed'),
  });
}

export async function settingsRoutes(app: FastifyInstance, { settings, loginKey, captchaEnabled, smsOutbox }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/common/site-info', {
    config: { access: { public: true } },
    schema: {
      tags: ['settings'],
      summary: 'What the public pages show, and the login field key (public by design, spec §7)',
      response: {
        200: okWith({ data: siteInfo }),
      },
    },
    handler: async () => ({
      code: 200 as const,
      msg: 'ok',
      data: { ...(await settings.site()), loginKey, captchaEnabled, smsOutbox },
    }),
  });

  paramRoutes(app, settings, 'system', '/api/system/config', Perm.system.config);
  paramRoutes(app, settings, 'business', '/api/base/parameters', Perm.base.parameter);
}
