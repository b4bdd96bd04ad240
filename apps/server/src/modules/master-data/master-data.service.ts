import type {
  departCategoryBody,
  placeBody,
  processSettingBody,
  projectTypeBody,
  subCategoryBody,
} from '@lvb/contracts/projects';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import type { Conn } from '../../lib/crud-repository.ts';
import { crudService } from '../../lib/crud-service.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { buildTree } from '../../lib/tree.ts';
import { projectsRepository } from '../projects/projects.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import {
  masterDataRepository as repo,
  valueLimitKey,
  type NameFilter,
  type DepartCategoryRow,
  type ProcessSettingFilter,
  type ProcessSettingRow,
  type ProjectTypeRow,
  type SubCategoryFilter,
  type SubCategoryRow,
} from './master-data.repository.ts';

export { valueLimitKey };

const TYPE_MISSING = text('project type does not exist', '项目类型不存在');
const PLACE_MISSING = text('place does not exist', '地点不存在');
const NO_SUCH_TYPE = text('typeId: the project type does not exist', '项目类型不存在');

/** manager/itemtype, subcate, itemplace, departcate, itemprocess: the rules of the master data. */
export function createMasterDataService({ db, settings }: { db: Db; settings: SettingsService }) {
  const withLimits = async (rows: ProjectTypeRow[]) => {
    const limits = await settings.many(rows.map((t) => valueLimitKey(t.code)));
    return rows.map((t) => ({
      ...t,
      valueLimit: limits[valueLimitKey(t.code)] ? Number(limits[valueLimitKey(t.code)]) : null,
    }));
  };
  const saveLimit = (tx: Conn, code: string, name: string, valueLimit: number) =>
    settingsRepository.upsert(tx, {
      configKey: valueLimitKey(code),
      name: `Value limit of ${name} projects (yuan)`,
      value: String(valueLimit),
      valueType: 'number',
      scope: 'business',
    });
  const typeExists = async (typeId: number) => {
    if (!(await repo.projectType(db, typeId))) throw badRequest(NO_SUCH_TYPE);
  };
  const parentOf = async (parentId: number) => {
    if (parentId === 0) return { ancestors: '0' };
    const parent = await repo.place(db, parentId);
    if (!parent) throw badRequest(text('parentId: the parent place does not exist', '上级地点不存在'));
    return { ancestors: `${parent.ancestors},${parent.id}` };
  };

  return {
    projectTypes: {
      list: async (f: NameFilter) => withLimits(await repo.projectTypes(db, f)),

      async get(id: number) {
        const row = await repo.projectType(db, id);
        if (!row) throw notFound(TYPE_MISSING);
        const [typed] = await withLimits([row]);
        return typed!;
      },

      async create(body: z.output<typeof projectTypeBody>): Promise<number> {
        const { valueLimit, ...fields } = body;
        if (await repo.projectTypeIdByCode(db, fields.code))
          throw conflict(text('a project type with this code already exists', '项目类型编码已存在'));
        const id = await db.transaction(async (tx) => {
          const newId = await repo.insertProjectType(tx, fields);
          await saveLimit(tx, fields.code, fields.name, valueLimit);
          return newId;
        });
        settings.refresh();
        return id;
      },

      /** Its code stays: the value limit parameter is named by it. */
      async update(id: number, body: z.output<typeof projectTypeBody>) {
        const current = await repo.projectType(db, id);
        if (!current) throw notFound(TYPE_MISSING);
        const { valueLimit, code: _code, ...fields } = body;
        const rulesChange =
          (fields.priceWeight !== undefined && fields.priceWeight !== current.priceWeight) ||
          (fields.scoreCriteria !== undefined &&
            JSON.stringify(fields.scoreCriteria) !== JSON.stringify(current.scoreCriteria));
        // Bidders and panels go by the rules the project was published with.
        if (rulesChange && (await projectsRepository.countLiveBestValue(db, current.id)) > 0)
          throw conflict(
            text(
              'best-value projects of this type are open or being scored: their price weight and criteria cannot change now',
              '该类型有正在进行或评分中的综合评分项目，现在不能修改价格权重和评分项',
            ),
          );
        await db.transaction(async (tx) => {
          await repo.updateProjectType(tx, current.id, fields);
          await saveLimit(tx, current.code, fields.name, valueLimit);
        });
        settings.refresh();
      },

      async remove(ids: number[]) {
        if ((await projectsRepository.countReferencing(db, 'typeId', ids)) > 0)
          throw badRequest(
            text('projects of this type exist: disable the type instead', '已有该类型的项目，请改为停用该类型'),
          );
        if ((await repo.countSubCategoriesOfTypes(db, ids)) > 0)
          throw badRequest(text('remove the sub-categories of this type first', '请先删除该类型下的子类'));
        await db.transaction((tx) => repo.removeProjectTypes(tx, ids));
      },
    },

    subCategories: crudService<SubCategoryRow, z.output<typeof subCategoryBody>, SubCategoryFilter>(
      db,
      repo.subCategories,
      {
        noun: text('sub-category', '项目子类'),
        check: (body) => typeExists(body.typeId),
        beforeRemove: async (ids) => {
          if ((await projectsRepository.countReferencing(db, 'subCategoryId', ids)) > 0)
            throw badRequest(
              text('projects use this sub-category: disable it instead', '已有项目使用该子类，请改为停用'),
            );
        },
      },
    ),

    departCategories: crudService<DepartCategoryRow, z.output<typeof departCategoryBody>, NameFilter>(
      db,
      repo.departCategories,
      { noun: text('owner category', '业主单位类别') },
    ),

    processSettings: crudService<ProcessSettingRow, z.output<typeof processSettingBody>, ProcessSettingFilter>(
      db,
      repo.processSettings,
      {
        noun: text('process setting', '流程设置'),
        check: async (body, id) => {
          await typeExists(body.typeId);
          const clash = await repo.processSetting(db, body.typeId, body.model);
          if (clash && clash.id !== id)
            throw conflict(
              text('this type already has a setting for this model', '该项目类型已有此选取方式的流程设置'),
            );
        },
      },
    ),

    places: {
      list: (f: NameFilter) => repo.places(db, f),

      async get(id: number) {
        const row = await repo.place(db, id);
        if (!row) throw notFound(PLACE_MISSING);
        return row;
      },

      async create(body: z.output<typeof placeBody>): Promise<number> {
        const { ancestors } = await parentOf(body.parentId);
        return repo.insertPlace(db, { ...body, ancestors });
      },

      /** Edits or moves a place; its sub-places move with it. */
      async update(id: number, body: z.output<typeof placeBody>) {
        const current = await repo.place(db, id);
        if (!current) throw notFound(PLACE_MISSING);
        const { ancestors } = await parentOf(body.parentId);
        if (body.parentId === id || `,${ancestors},`.includes(`,${id},`))
          throw badRequest(text('parentId: a place cannot be moved under itself', '地点不能移到其自身之下'));
        await db.transaction((tx) => repo.movePlace(tx, id, { ...body, ancestors }, `${current.ancestors},${id}`));
      },

      async remove(id: number) {
        if ((await repo.countChildPlaces(db, id)) > 0)
          throw badRequest(text('remove its sub-places first', '请先删除其下级地点'));
        if ((await projectsRepository.countReferencing(db, 'placeId', [id])) > 0)
          throw badRequest(text('projects are in this place: disable it instead', '已有项目位于该地点，请改为停用'));
        if (!(await repo.removePlace(db, id))) throw notFound(PLACE_MISSING);
      },
    },

    /** Enabled types, sub-categories and the place tree, for the project forms and hall filters. */
    async options() {
      const types = await withLimits(await repo.enabledProjectTypes(db));
      const subs = await repo.enabledSubCategories(db);
      const placeRows = await repo.enabledPlaces(db);
      return {
        types: types.map((t) => ({
          id: t.id,
          code: t.code,
          name: t.name,
          nameZh: t.nameZh || t.name,
          valueLimit: t.valueLimit,
        })),
        subCategories: subs.map((s) => ({ id: s.id, typeId: s.typeId, name: s.name, nameZh: s.nameZh || s.name })),
        places: buildTree(placeRows, (p) => ({ label: p.name, labelZh: p.nameZh || p.name })),
      };
    },
  };
}
export type MasterDataService = ReturnType<typeof createMasterDataService>;
