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
import { text } from '../../i18n/text.ts';
import { createdAnswer, crudRoutes } from '../../lib/crud-routes.ts';
import { sendExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createMasterDataService } from './master-data.service.ts';

/** Kept here too for the modules that read it from the routes. */
export { valueLimitKey } from './master-data.service.ts';

const nameFilter = z.object({ name: z.string().trim().max(50).optional(), status: z.enum(['0', '1']).optional() });
const statusText = (s: unknown) => (s === '0' ? 'Enabled' : 'Disabled');
const namedColumns: ExcelColumn<{ name: string; nameZh: string; status: string }>[] = [
  { header: 'Name', width: 30, value: (x) => x.name },
  { header: 'Chinese name', width: 30, value: (x) => x.nameZh },
  { header: 'Status', value: (x) => statusText(x.status) },
];
const typeColumns: ExcelColumn<z.output<typeof projectTypeRow>>[] = [
  { header: 'Code', value: (x) => x.code },
  ...namedColumns,
  { header: 'Value limit (yuan)', width: 20, value: (x) => x.valueLimit },
  { header: 'Order', width: 8, value: (x) => x.orderNum },
];
const placeColumns: ExcelColumn<z.output<typeof placeRow>>[] = [
  { header: 'Code', value: (x) => x.code },
  ...namedColumns,
  { header: 'Order', width: 8, value: (x) => x.orderNum },
];

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
    fileName: string;
    columns: ExcelColumn<Row>[];
    row: z.ZodType<Row>;
    service: { list: (f: z.output<typeof nameFilter>) => Promise<Row[]>; get: (id: number) => Promise<Row> };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];
  r.get(`${o.base}/export`, {
    config: { access: { permission: o.perm.export } },
    schema: { tags, summary: `Export the filtered ${o.noun}s to Excel`, querystring: nameFilter },
    handler: async (req, reply) => sendExcel(reply, o.fileName, o.columns, await o.service.list(req.query)),
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
    fileName: 'project-types.xlsx',
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
    exportColumns: namedColumns,
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
    exportColumns: namedColumns,
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
    fileName: 'places.xlsx',
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
    exportColumns: [
      { header: 'Type', value: (x) => x.typeId },
      { header: 'Model', value: (x) => x.model },
      { header: 'Sign-up days', value: (x) => x.signupDays },
      { header: 'Bid window days', value: (x) => x.bidWindowDays },
      { header: 'Publicity days', value: (x) => x.publicityDays },
      { header: 'Required documents', width: 40, value: (x) => x.requiredDocuments },
    ],
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
