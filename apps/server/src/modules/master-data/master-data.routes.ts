import { recordIdParam } from '@lvb/contracts/ids';
import {
  departCategoryBody,
  placeBody,
  processSettingBody,
  projectTypeBody,
  subCategoryBody,
} from '@lvb/contracts/projects';
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { crudRoutes } from '../../lib/crud-routes.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { idParam, idsParam } from '../../lib/id-params.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { buildTree } from '../menus/menus.admin.ts';
import { projects } from '../projects/projects.table.ts';
import { configParams } from '../settings/settings.table.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { departCategories, places, processSettings, projectTypes, subCategories } from './master-data.table.ts';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nameFilter = z.object({ name: z.string().trim().max(50).optional(), status: z.enum(['0', '1']).optional() });
const named = { id: z.number(), name: z.string(), nameZh: z.string(), orderNum: z.number(), status: z.string() };
const statusText = (s: unknown) => (s === '0' ? 'Enabled' : 'Disabled');

/** The value limit of a project type is the business parameter `valueLimit.<code>` (in yuan). */
export const valueLimitKey = (code: string) => `valueLimit.${code}`;

/** manager/itemtype, subcate, itemplace, departcate, itemprocess. */
export async function masterDataRoutes(app: FastifyInstance, { db, settings }: { db: Db; settings: SettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['master data'];

  // Project types, with their value limits.
  const typeRow = z.object({ ...named, code: z.string(), valueLimit: z.number().nullable(), createdAt: z.date() });
  const withLimits = async (rows: (typeof projectTypes.$inferSelect)[]) => {
    const limits = await settings.many(rows.map((t) => valueLimitKey(t.code)));
    return rows.map((t) => ({
      ...t,
      valueLimit: limits[valueLimitKey(t.code)] ? Number(limits[valueLimitKey(t.code)]) : null,
    }));
  };
  const saveLimit = async (tx: Db, code: string, name: string, valueLimit: number) => {
    await tx
      .insert(configParams)
      .values({
        configKey: valueLimitKey(code),
        name: `Value limit of ${name} projects (yuan)`,
        value: String(valueLimit),
        valueType: 'number',
        scope: 'business',
      })
      .onConflictDoUpdate({
        target: configParams.configKey,
        set: { value: String(valueLimit), updatedAt: sql`now()` },
      });
  };

  r.get('/api/basic/types', {
    config: {
      access: {
        permission: [
          'basic:itemtype:list',
          'project:item:list',
          'project:query:list',
          'basic:itemprocess:list',
          'basic:subcate:list',
        ],
      },
    },
    schema: {
      tags,
      summary: 'Project types with their value limits',
      querystring: nameFilter,
      response: { 200: okWith({ data: z.array(typeRow) }) },
    },
    handler: async (req) => {
      const rows = await db
        .select()
        .from(projectTypes)
        .where(
          and(
            req.query.name ? ilike(projectTypes.name, like(req.query.name)) : undefined,
            req.query.status ? eq(projectTypes.status, req.query.status) : undefined,
          ),
        )
        .orderBy(asc(projectTypes.orderNum), asc(projectTypes.id));
      return { code: 200 as const, msg: 'ok', data: await withLimits(rows) };
    },
  });

  r.post('/api/basic/types', {
    config: { access: { permission: 'basic:itemtype:add' } },
    schema: {
      tags,
      summary: 'Create a project type with its value limit',
      body: projectTypeBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const { valueLimit, ...fields } = req.body;
      const [clash] = await db
        .select({ id: projectTypes.id })
        .from(projectTypes)
        .where(eq(projectTypes.code, fields.code));
      if (clash) throw conflict(text('a project type with this code already exists', '项目类型编码已存在'));
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.insert(projectTypes).values(fields).returning({ id: projectTypes.id });
        await saveLimit(tx as unknown as Db, fields.code, fields.name, valueLimit);
        return row!.id;
      });
      settings.refresh();
      return { code: 200 as const, msg: 'project type created', data: { id } };
    },
  });

  r.put('/api/basic/types/:id', {
    config: { access: { permission: 'basic:itemtype:edit' } },
    schema: {
      tags,
      summary: 'Edit a project type and its value limit (its code stays)',
      params: idParam,
      body: projectTypeBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      const [current] = await db.select().from(projectTypes).where(eq(projectTypes.id, req.params.id));
      if (!current) throw notFound(text('project type does not exist', '项目类型不存在'));
      const { valueLimit, code: _code, ...fields } = req.body;
      await db.transaction(async (tx) => {
        await tx.update(projectTypes).set(fields).where(eq(projectTypes.id, current.id));
        await saveLimit(tx as unknown as Db, current.code, fields.name, valueLimit);
      });
      settings.refresh();
      return { code: 200 as const, msg: 'project type saved' };
    },
  });

  r.delete('/api/basic/types/:ids', {
    config: { access: { permission: 'basic:itemtype:remove' } },
    schema: {
      tags,
      summary: 'Remove project types no project or setting uses',
      params: idsParam,
      response: { 200: ok },
    },
    handler: async (req) => {
      const ids = req.params.ids;
      const [used] = await db.select({ n: count() }).from(projects).where(inArray(projects.typeId, ids));
      if ((used?.n ?? 0) > 0)
        throw badRequest(
          text('projects of this type exist: disable the type instead', '已有该类型的项目，请改为停用该类型'),
        );
      const [subs] = await db.select({ n: count() }).from(subCategories).where(inArray(subCategories.typeId, ids));
      if ((subs?.n ?? 0) > 0)
        throw badRequest(text('remove the sub-categories of this type first', '请先删除该类型下的子类'));
      await db.transaction(async (tx) => {
        await tx.delete(processSettings).where(inArray(processSettings.typeId, ids));
        await tx.delete(projectTypes).where(inArray(projectTypes.id, ids));
      });
      return { code: 200 as const, msg: 'removed' };
    },
  });

  // Sub-categories.
  const subRow = z.object({ ...named, typeId: z.number() });
  crudRoutes(app, {
    db,
    table: subCategories,
    base: '/api/basic/subcategories',
    perm: 'basic:subcate',
    tag: 'master data',
    noun: text('sub-category', '项目子类'),
    body: subCategoryBody,
    row: subRow,
    filter: nameFilter.extend({ typeId: recordIdParam.optional() }),
    where: (f): SQL | undefined =>
      and(
        f.name ? ilike(subCategories.name, like(f.name)) : undefined,
        f.status ? eq(subCategories.status, f.status) : undefined,
        f.typeId ? eq(subCategories.typeId, f.typeId) : undefined,
      ),
    orderBy: asc(subCategories.orderNum),
    exportColumns: [
      { header: 'Name', width: 30, value: (x) => x.name },
      { header: 'Chinese name', width: 30, value: (x) => x.nameZh },
      { header: 'Status', value: (x) => statusText(x.status) },
    ],
    check: async (body) => {
      const [type] = await db
        .select({ id: projectTypes.id })
        .from(projectTypes)
        .where(eq(projectTypes.id, body.typeId));
      if (!type) throw badRequest(text('typeId: the project type does not exist', '项目类型不存在'));
    },
    beforeRemove: async (ids) => {
      const [used] = await db.select({ n: count() }).from(projects).where(inArray(projects.subCategoryId, ids));
      if ((used?.n ?? 0) > 0)
        throw badRequest(text('projects use this sub-category: disable it instead', '已有项目使用该子类，请改为停用'));
    },
  });

  // Owner department categories.
  crudRoutes(app, {
    db,
    table: departCategories,
    base: '/api/basic/depart-categories',
    perm: 'basic:departcate',
    tag: 'master data',
    noun: text('owner category', '业主单位类别'),
    body: departCategoryBody,
    row: z.object(named),
    filter: nameFilter,
    where: (f) =>
      and(
        f.name ? ilike(departCategories.name, like(f.name)) : undefined,
        f.status ? eq(departCategories.status, f.status) : undefined,
      ),
    orderBy: asc(departCategories.orderNum),
    exportColumns: [
      { header: 'Name', width: 30, value: (x) => x.name },
      { header: 'Chinese name', width: 30, value: (x) => x.nameZh },
      { header: 'Status', value: (x) => statusText(x.status) },
    ],
  });

  // Places, as a tree.
  const placeRow = z.object({ ...named, parentId: z.number(), ancestors: z.string(), code: z.string().nullable() });
  r.get('/api/basic/places', {
    config: { access: { permission: ['basic:itemplace:list', 'project:item:list', 'project:query:list'] } },
    schema: {
      tags,
      summary: 'Places, flat, in order (the client builds the tree)',
      querystring: nameFilter,
      response: { 200: okWith({ data: z.array(placeRow) }) },
    },
    handler: async (req) => {
      const data = await db
        .select()
        .from(places)
        .where(
          and(
            req.query.name ? ilike(places.name, like(req.query.name)) : undefined,
            req.query.status ? eq(places.status, req.query.status) : undefined,
          ),
        )
        .orderBy(asc(places.parentId), asc(places.orderNum), asc(places.id));
      return { code: 200 as const, msg: 'ok', data };
    },
  });

  const parentOf = async (parentId: number) => {
    if (parentId === 0) return { ancestors: '0' };
    const [parent] = await db.select().from(places).where(eq(places.id, parentId));
    if (!parent) throw badRequest(text('parentId: the parent place does not exist', '上级地点不存在'));
    return { ancestors: `${parent.ancestors},${parent.id}` };
  };

  r.post('/api/basic/places', {
    config: { access: { permission: 'basic:itemplace:add' } },
    schema: {
      tags,
      summary: 'Create a place',
      body: placeBody,
      response: { 200: okWith({ data: z.object({ id: z.number() }) }) },
    },
    handler: async (req) => {
      const { ancestors } = await parentOf(req.body.parentId);
      const [row] = await db
        .insert(places)
        .values({ ...req.body, ancestors })
        .returning({ id: places.id });
      return { code: 200 as const, msg: 'place created', data: { id: row!.id } };
    },
  });

  r.put('/api/basic/places/:id', {
    config: { access: { permission: 'basic:itemplace:edit' } },
    schema: { tags, summary: 'Edit or move a place', params: idParam, body: placeBody, response: { 200: ok } },
    handler: async (req) => {
      const id = req.params.id;
      const [current] = await db.select().from(places).where(eq(places.id, id));
      if (!current) throw notFound(text('place does not exist', '地点不存在'));
      const { ancestors } = await parentOf(req.body.parentId);
      if (req.body.parentId === id || `,${ancestors},`.includes(`,${id},`))
        throw badRequest(text('parentId: a place cannot be moved under itself', '地点不能移到其自身之下'));
      const oldPrefix = `${current.ancestors},${id}`;
      await db.transaction(async (tx) => {
        await tx
          .update(places)
          .set({ ...req.body, ancestors })
          .where(eq(places.id, id));
        await tx.execute(sql`update places set ancestors = ${`${ancestors},${id}`} || substr(ancestors, ${oldPrefix.length + 1})
          where ancestors = ${oldPrefix} or ancestors like ${`${oldPrefix},%`}`);
      });
      return { code: 200 as const, msg: 'place saved' };
    },
  });

  r.delete('/api/basic/places/:id', {
    config: { access: { permission: 'basic:itemplace:remove' } },
    schema: { tags, summary: 'Remove a place without sub-places or projects', params: idParam, response: { 200: ok } },
    handler: async (req) => {
      const [kids] = await db.select({ n: count() }).from(places).where(eq(places.parentId, req.params.id));
      if ((kids?.n ?? 0) > 0) throw badRequest(text('remove its sub-places first', '请先删除其下级地点'));
      const [used] = await db.select({ n: count() }).from(projects).where(eq(projects.placeId, req.params.id));
      if ((used?.n ?? 0) > 0)
        throw badRequest(text('projects are in this place: disable it instead', '已有项目位于该地点，请改为停用'));
      const removed = await db.delete(places).where(eq(places.id, req.params.id)).returning({ id: places.id });
      if (removed.length === 0) throw notFound(text('place does not exist', '地点不存在'));
      return { code: 200 as const, msg: 'removed' };
    },
  });

  // Process settings per type and model.
  const processRow = z.object({
    id: z.number(),
    typeId: z.number(),
    model: z.number(),
    signupDays: z.number(),
    bidWindowDays: z.number(),
    publicityDays: z.number(),
    requiredDocuments: z.string(),
  });
  crudRoutes(app, {
    db,
    table: processSettings,
    base: '/api/basic/process-settings',
    perm: 'basic:itemprocess',
    tag: 'master data',
    noun: text('process setting', '流程设置'),
    body: processSettingBody,
    row: processRow,
    filter: z.object({
      typeId: recordIdParam.optional(),
      model: z.coerce.number().int().min(1).max(3).optional(),
    }),
    where: (f) =>
      and(
        f.typeId ? eq(processSettings.typeId, f.typeId) : undefined,
        f.model ? eq(processSettings.model, f.model) : undefined,
      ),
    orderBy: asc(processSettings.typeId),
    exportColumns: [
      { header: 'Type', value: (x) => x.typeId },
      { header: 'Model', value: (x) => x.model },
      { header: 'Sign-up days', value: (x) => x.signupDays },
      { header: 'Bid window days', value: (x) => x.bidWindowDays },
      { header: 'Publicity days', value: (x) => x.publicityDays },
      { header: 'Required documents', width: 40, value: (x) => x.requiredDocuments },
    ],
    check: async (body, id) => {
      const [type] = await db
        .select({ id: projectTypes.id })
        .from(projectTypes)
        .where(eq(projectTypes.id, body.typeId));
      if (!type) throw badRequest(text('typeId: the project type does not exist', '项目类型不存在'));
      const [clash] = await db
        .select({ id: processSettings.id })
        .from(processSettings)
        .where(and(eq(processSettings.typeId, body.typeId), eq(processSettings.model, body.model)));
      if (clash && clash.id !== id)
        throw conflict(text('this type already has a setting for this model', '该项目类型已有此选取方式的流程设置'));
    },
  });

  // Everything the project forms and the hall filters need, in one public call.
  r.get('/api/hall/options', {
    config: { access: { public: true } },
    schema: {
      tags: ['hall'],
      summary: 'Types, sub-categories and the place tree, for filters and forms',
      response: {
        200: okWith({
          data: z.object({
            types: z.array(
              z.object({
                id: z.number(),
                code: z.string(),
                name: z.string(),
                nameZh: z.string(),
                valueLimit: z.number().nullable(),
              }),
            ),
            subCategories: z.array(
              z.object({ id: z.number(), typeId: z.number(), name: z.string(), nameZh: z.string() }),
            ),
            places: z.array(
              z.object({
                id: z.number(),
                label: z.string(),
                labelZh: z.string(),
                children: z.array(z.any()).optional(),
              }),
            ),
          }),
        }),
      },
    },
    handler: async () => {
      const types = await withLimits(
        await db.select().from(projectTypes).where(eq(projectTypes.status, '0')).orderBy(asc(projectTypes.orderNum)),
      );
      const subs = await db
        .select()
        .from(subCategories)
        .where(eq(subCategories.status, '0'))
        .orderBy(asc(subCategories.orderNum));
      const placeRows = await db
        .select()
        .from(places)
        .where(eq(places.status, '0'))
        .orderBy(asc(places.parentId), asc(places.orderNum), asc(places.id));
      return {
        code: 200 as const,
        msg: 'ok',
        data: {
          types: types.map((t) => ({
            id: t.id,
            code: t.code,
            name: t.name,
            nameZh: t.nameZh || t.name,
            valueLimit: t.valueLimit,
          })),
          subCategories: subs.map((s) => ({ id: s.id, typeId: s.typeId, name: s.name, nameZh: s.nameZh || s.name })),
          places: buildTree(placeRows, (p) => ({ label: p.name, labelZh: p.nameZh || p.name })),
        },
      };
    },
  });
}
