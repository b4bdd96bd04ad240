import { recordIdParam } from '@lvb/contracts/ids';
import { Perm } from '@lvb/contracts/permissions';
import {
  departCategoryBody,
  placeBody,
  processSettingBody,
  projectTypeBody,
  subCategoryBody,
} from '@lvb/contracts/projects';
import {
  hallOptions,
  namedRow,
  placeRow,
  processSettingRow,
  projectTypeRow,
  subCategoryRow,
} from '@lvb/contracts/reference';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf, text, type Language, type Text } from '../../i18n/text.ts';
import { createdAnswer, crudRoutes } from '../../lib/crud-routes.ts';
import { headerIn, sendExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createMasterDataService } from './master-data.service.ts';

/** Kept here too for the modules that read it from the routes. */
export { valueLimitKey } from './master-data.service.ts';

const nameFilter = z.object({ name: z.string().trim().max(50).optional(), status: z.enum(['0', '1']).optional() });
/** A named row's columns (name in both languages, status), headed in the reader's language. */
const namedColumnsIn = (lang: Language): ExcelColumn<{ name: string; nameZh: string; status: string }>[] => {
  const h = headerIn(lang);
  return [
    { header: h('Name', '名称（英文）'), width: 30, value: (x) => x.name },
    { header: h('Chinese name', '名称（中文）'), width: 30, value: (x) => x.nameZh },
    { header: h('Status', '状态'), value: (x) => statusLabel('sys_normal_disable', x.status)[lang] },
  ];
};
const typeColumns = (lang: Language): ExcelColumn<z.output<typeof projectTypeRow>>[] => {
  const h = headerIn(lang);
  return [
    { header: h('Code', '编码'), value: (x) => x.code },
    ...namedColumnsIn(lang),
    { header: h('Value limit (yuan)', '限额（元）'), width: 20, value: (x) => x.valueLimit },
    { header: h('Order', '显示顺序'), width: 8, value: (x) => x.orderNum },
  ];
};
const placeColumns = (lang: Language): ExcelColumn<z.output<typeof placeRow>>[] => {
  const h = headerIn(lang);
  return [
    { header: h('Code', '编码'), value: (x) => x.code },
    ...namedColumnsIn(lang),
    { header: h('Order', '显示顺序'), width: 8, value: (x) => x.orderNum },
  ];
};

/**
 * The export and the one-record read of a table whose list and writes are its own (project types,
 * places). The record is what the edit form shows, so its editors may read it too.
 */
function exportAndRead<Row extends Record<string, unknown>>(
  app: FastifyInstance,
  o: {
    base: string;
    perm: { export: string; query: string; edit: string };
    noun: string;
    fileName: Text;
    columns: (lang: Language) => ExcelColumn<Row>[];
    row: z.ZodType<Row>;
    service: { list: (f: z.output<typeof nameFilter>) => Promise<Row[]>; get: (id: number) => Promise<Row> };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];
  r.get(`${o.base}/export`, {
    config: { access: { permission: o.perm.export } },
    schema: { tags, summary: `Export the filtered ${o.noun}s to Excel`, querystring: nameFilter },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      return sendExcel(reply, `${o.fileName[lang]}.xlsx`, o.columns(lang), await o.service.list(req.query));
    },
  });
  r.get(`${o.base}/:id`, {
    config: { access: { permission: [o.perm.query, o.perm.edit] } },
    schema: { tags, summary: `One ${o.noun}`, params: idParam, response: { 200: okWith({ data: o.row }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await o.service.get(req.params.id) }),
  });
}

/** manager/itemtype, subcate, itemplace, departcate, itemprocess. */
export async function masterDataRoutes(app: FastifyInstance, { db, settings }: { db: Db; settings: SettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];
  const masterData = createMasterDataService({ db, settings });

  // Project types, with their value limits.
  r.get('/api/basic/types', {
    config: {
      access: {
        permission: [
          Perm.basic.itemtype.list,
          Perm.project.item.list,
          Perm.project.query.list,
          Perm.basic.itemprocess.list,
          Perm.basic.subcate.list,
        ],
      },
    },
    schema: {
      tags,
      summary: 'Project types with their value limits',
      querystring: nameFilter,
      response: { 200: okWith({ data: z.array(projectTypeRow) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await masterData.projectTypes.list(req.query) }),
  });

  exportAndRead(app, {
    base: '/api/basic/types',
    perm: Perm.basic.itemtype,
    noun: 'project type',
    fileName: text('project-types', '项目类型'),
    columns: typeColumns,
    row: projectTypeRow,
    service: masterData.projectTypes,
  });

  r.post('/api/basic/types', {
    config: { access: { permission: Perm.basic.itemtype.add } },
    schema: {
      tags,
      summary: 'Create a project type with its value limit',
      body: projectTypeBody,
      response: { 200: createdAnswer },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'project type created',
      data: { id: await masterData.projectTypes.create(req.body) },
    }),
  });

  r.put('/api/basic/types/:id', {
    config: { access: { permission: Perm.basic.itemtype.edit } },
    schema: {
      tags,
      summary: 'Edit a project type and its value limit (its code stays)',
      params: idParam,
      body: projectTypeBody,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(masterData.projectTypes.update(req.params.id, req.body), 'project type saved'),
  });

  r.delete('/api/basic/types/:ids', {
    config: { access: { permission: Perm.basic.itemtype.remove } },
    schema: {
      tags,
      summary: 'Remove project types no project or setting uses',
      params: idsParam,
      response: { 200: ok },
    },
    handler: async (req) => okAfter(masterData.projectTypes.remove(req.params.ids), 'removed'),
  });

  crudRoutes(app, {
    base: '/api/basic/subcategories',
    perm: Perm.basic.subcate,
    tag: 'master data',
    noun: text('sub-category', '项目子类'),
    body: subCategoryBody,
    row: subCategoryRow,
    filter: nameFilter.extend({ typeId: recordIdParam.optional() }),
    exportColumns: namedColumnsIn,
    service: masterData.subCategories,
  });

  crudRoutes(app, {
    base: '/api/basic/depart-categories',
    perm: Perm.basic.departcate,
    tag: 'master data',
    noun: text('owner category', '业主单位类别'),
    body: departCategoryBody,
    row: namedRow,
    filter: nameFilter,
    exportColumns: namedColumnsIn,
    service: masterData.departCategories,
  });

  // Places, as a tree.
  r.get('/api/basic/places', {
    config: {
      access: { permission: [Perm.basic.itemplace.list, Perm.project.item.list, Perm.project.query.list] },
    },
    schema: {
      tags,
      summary: 'Places, flat, in order (the client builds the tree)',
      querystring: nameFilter,
      response: { 200: okWith({ data: z.array(placeRow) }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await masterData.places.list(req.query) }),
  });

  exportAndRead(app, {
    base: '/api/basic/places',
    perm: Perm.basic.itemplace,
    noun: 'place',
    fileName: text('places', '项目地点'),
    columns: placeColumns,
    row: placeRow,
    service: masterData.places,
  });

  r.post('/api/basic/places', {
    config: { access: { permission: Perm.basic.itemplace.add } },
    schema: { tags, summary: 'Create a place', body: placeBody, response: { 200: createdAnswer } },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'place created',
      data: { id: await masterData.places.create(req.body) },
    }),
  });

  r.put('/api/basic/places/:id', {
    config: { access: { permission: Perm.basic.itemplace.edit } },
    schema: { tags, summary: 'Edit or move a place', params: idParam, body: placeBody, response: { 200: ok } },
    handler: async (req) => okAfter(masterData.places.update(req.params.id, req.body), 'place saved'),
  });

  r.delete('/api/basic/places/:id', {
    config: { access: { permission: Perm.basic.itemplace.remove } },
    schema: { tags, summary: 'Remove a place without sub-places or projects', params: idParam, response: { 200: ok } },
    handler: async (req) => okAfter(masterData.places.remove(req.params.id), 'removed'),
  });

  // Process settings per type and model.
  crudRoutes(app, {
    base: '/api/basic/process-settings',
    perm: Perm.basic.itemprocess,
    tag: 'master data',
    noun: text('process setting', '流程设置'),
    body: processSettingBody,
    row: processSettingRow,
    filter: z.object({
      typeId: recordIdParam.optional(),
      model: z.coerce.number().int().min(1).max(3).optional(),
    }),
    exportColumns: async (lang) => {
      const h = headerIn(lang);
      const types = new Map((await masterData.options()).types.map((t) => [t.id, lang === 'zh' ? t.nameZh : t.name]));
      return [
        { header: h('Type', '项目类型'), width: 24, value: (x) => types.get(x.typeId) ?? String(x.typeId) },
        {
          header: h('Model', '选取方式'),
          width: 20,
          value: (x) => statusLabel('selection_model', String(x.model))[lang],
        },
        { header: h('Sign-up days', '报名天数'), value: (x) => x.signupDays },
        { header: h('Bid window days', '开标间隔天数'), value: (x) => x.bidWindowDays },
        { header: h('Publicity days', '公示天数'), value: (x) => x.publicityDays },
        { header: h('Required documents', '必备文件'), width: 40, value: (x) => x.requiredDocuments },
      ];
    },
    service: masterData.processSettings,
  });

  // Everything the project forms and the hall filters need, in one public call.
  r.get('/api/hall/options', {
    config: { access: { public: true } },
    schema: {
      tags: ['hall'],
      summary: 'Types, sub-categories and the place tree, for filters and forms',
      response: { 200: okWith({ data: hallOptions }) },
    },
    handler: async () => ({ code: 200 as const, msg: 'ok', data: await masterData.options() }),
  });
}
