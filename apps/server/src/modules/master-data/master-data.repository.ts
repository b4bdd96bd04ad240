import { and, asc, count, eq, ilike, inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { crudRepository, type Conn } from '../../lib/crud-repository.ts';
import { containing } from '../../lib/paging.ts';
import { lateralRow, qualified } from '../../lib/sql-fragments.ts';
import { departCategories, places, processSettings, projectTypes, subCategories } from './master-data.table.ts';

export type DepartCategoryRow = typeof departCategories.$inferSelect;
export type ProjectTypeRow = typeof projectTypes.$inferSelect;
export type SubCategoryRow = typeof subCategories.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;
export type ProcessSettingRow = typeof processSettings.$inferSelect;

export interface NameFilter {
  name?: string;
  status?: '0' | '1';
}
export type SubCategoryFilter = NameFilter & { typeId?: number };
export interface ProcessSettingFilter {
  typeId?: number;
  model?: number;
}

/** The value limit of a project type is the business parameter `valueLimit.<code>` (in yuan). */
export const valueLimitKey = (code: string) => `valueLimit.${code}`;

/** Rows whose name contains `f.name` and whose status is `f.status`, each when given. */
const named = (t: { name: AnyColumn; status: AnyColumn }, f: NameFilter): SQL | undefined =>
  and(f.name ? ilike(t.name, containing(f.name)) : undefined, f.status ? eq(t.status, f.status) : undefined);
const enabled = (t: { status: AnyColumn }) => eq(t.status, '0');
const placeOrder = [asc(places.parentId), asc(places.orderNum), asc(places.id)];

const nOf = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

/** Queries on the master-data tables; the only place that touches them. */
export const masterDataRepository = {
  subCategories: crudRepository(subCategories, {
    where: (f: SubCategoryFilter) =>
      and(named(subCategories, f), f.typeId ? eq(subCategories.typeId, f.typeId) : undefined),
    orderBy: asc(subCategories.orderNum),
  }),
  departCategories: crudRepository(departCategories, {
    where: (f: NameFilter) => named(departCategories, f),
    orderBy: asc(departCategories.orderNum),
  }),
  processSettings: crudRepository(processSettings, {
    where: (f: ProcessSettingFilter) =>
      and(
        f.typeId ? eq(processSettings.typeId, f.typeId) : undefined,
        f.model ? eq(processSettings.model, f.model) : undefined,
      ),
    orderBy: asc(processSettings.typeId),
  }),

  projectTypes: (db: Conn, f: NameFilter) =>
    db
      .select()
      .from(projectTypes)
      .where(named(projectTypes, f))
      .orderBy(asc(projectTypes.orderNum), asc(projectTypes.id)),
  enabledProjectTypes: (db: Conn) =>
    db.select().from(projectTypes).where(enabled(projectTypes)).orderBy(asc(projectTypes.orderNum)),
  projectType,
  async projectTypeIdByCode(db: Conn, code: string): Promise<number | undefined> {
    const [row] = await db.select({ id: projectTypes.id }).from(projectTypes).where(eq(projectTypes.code, code));
    return row?.id;
  },
  async insertProjectType(db: Conn, values: typeof projectTypes.$inferInsert): Promise<number> {
    const [row] = await db.insert(projectTypes).values(values).returning({ id: projectTypes.id });
    return row!.id;
  },
  async updateProjectType(db: Conn, id: number, values: Partial<typeof projectTypes.$inferInsert>) {
    await db.update(projectTypes).set(values).where(eq(projectTypes.id, id));
  },
  /** Removes types with their process settings (inside the caller's transaction). */
  async removeProjectTypes(db: Conn, ids: number[]) {
    await db.delete(processSettings).where(inArray(processSettings.typeId, ids));
    await db.delete(projectTypes).where(inArray(projectTypes.id, ids));
  },
  countSubCategoriesOfTypes: (db: Conn, typeIds: number[]) =>
    nOf(db.select({ n: count() }).from(subCategories).where(inArray(subCategories.typeId, typeIds))),

  subCategory,
  enabledSubCategories: (db: Conn) =>
    db.select().from(subCategories).where(enabled(subCategories)).orderBy(asc(subCategories.orderNum)),

  places: (db: Conn, f: NameFilter) =>
    db
      .select()
      .from(places)
      .where(named(places, f))
      .orderBy(...placeOrder),
  enabledPlaces: (db: Conn) =>
    db
      .select()
      .from(places)
      .where(enabled(places))
      .orderBy(...placeOrder),
  place,
  async insertPlace(db: Conn, values: typeof places.$inferInsert): Promise<number> {
    const [row] = await db.insert(places).values(values).returning({ id: places.id });
    return row!.id;
  },
  /**
   * Saves a place under its (new) parent and moves its sub-places with it: every `ancestors`
   * that began with `oldPrefix` begins with the place's new path (inside the caller's transaction).
   */
  async movePlace(
    db: Conn,
    id: number,
    values: Partial<typeof places.$inferInsert> & { ancestors: string },
    oldPrefix: string,
  ) {
    await db.update(places).set(values).where(eq(places.id, id));
    await db.execute(sql`update places set ancestors = ${`${values.ancestors},${id}`} || substr(ancestors, ${oldPrefix.length + 1})
          where ancestors = ${oldPrefix} or ancestors like ${`${oldPrefix},%`}`);
  },
  countChildPlaces: (db: Conn, id: number) =>
    nOf(db.select({ n: count() }).from(places).where(eq(places.parentId, id))),
  /** Answers whether the place was there. */
  async removePlace(db: Conn, id: number): Promise<boolean> {
    const removed = await db.delete(places).where(eq(places.id, id)).returning({ id: places.id });
    return removed.length > 0;
  },

  processSetting,
};

/** A project type, or undefined. */
export async function projectType(db: Conn, id: number): Promise<ProjectTypeRow | undefined> {
  const [row] = await db.select().from(projectTypes).where(eq(projectTypes.id, id));
  return row;
}

/** A sub-category, or undefined. */
export async function subCategory(db: Conn, id: number): Promise<SubCategoryRow | undefined> {
  const [row] = await db.select().from(subCategories).where(eq(subCategories.id, id));
  return row;
}

/** A place, or undefined. */
export async function place(db: Conn, id: number): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(places).where(eq(places.id, id));
  return row;
}

/** The process setting of a project type and selection model, or undefined. */
export async function processSetting(db: Conn, typeId: number, model: number): Promise<ProcessSettingRow | undefined> {
  const [row] = await db
    .select()
    .from(processSettings)
    .where(and(eq(processSettings.typeId, typeId), eq(processSettings.model, model)));
  return row;
}

/*
 * Master data other modules show beside their own rows, as expressions to embed in their queries
 * (scalar subqueries by primary key), so that no other module names these tables.
 */
type Ref = SQL | AnyColumn;

/** The English name of the project type `typeId` refers to. */
export const projectTypeName = (typeId: Ref) =>
  sql<string>`(select pt.name from project_types pt where pt.id = ${qualified(typeId)})`;
/** The Chinese name of the project type `typeId` refers to. */
export const projectTypeNameZh = (typeId: Ref) =>
  sql<string>`(select pt.name_zh from project_types pt where pt.id = ${qualified(typeId)})`;
/** The English name of the sub-category `subCategoryId` refers to (null for none). */
export const subCategoryName = (subCategoryId: Ref) =>
  sql<string | null>`(select sc.name from sub_categories sc where sc.id = ${qualified(subCategoryId)})`;
/** The Chinese name of the sub-category `subCategoryId` refers to (null for none). */
export const subCategoryNameZh = (subCategoryId: Ref) =>
  sql<string | null>`(select sc.name_zh from sub_categories sc where sc.id = ${qualified(subCategoryId)})`;
/** The English name of the place `placeId` refers to. */
export const placeName = (placeId: Ref) =>
  sql<string>`(select pl.name from places pl where pl.id = ${qualified(placeId)})`;
/** The Chinese name of the place `placeId` refers to. */
export const placeNameZh = (placeId: Ref) =>
  sql<string>`(select pl.name_zh from places pl where pl.id = ${qualified(placeId)})`;

/**
 * The bid window days of the process setting of a project type and selection model: the days
 * after the opening within which its result is due; 0 when the type has no setting for the model.
 */
export const bidWindowDaysOf = (typeId: Ref, model: Ref) =>
  sql<number>`coalesce((select ps.bid_window_days from process_settings ps
    where ps.type_id = ${qualified(typeId)} and ps.model = ${qualified(model)}), 0)`;

/** Both names of the project type `typeId` refers to, as a lateral join (see `lateralRow`). */
export const projectTypeNamesJoin = (typeId: Ref) =>
  lateralRow('type_names', sql`select pt.name, pt.name_zh from project_types pt where pt.id = ${qualified(typeId)}`, {
    typeName: 'name',
    typeNameZh: 'name_zh',
  });
/** Both names of the place `placeId` refers to, as a lateral join (see `lateralRow`). */
export const placeNamesJoin = (placeId: Ref) =>
  lateralRow('place_names', sql`select pl.name, pl.name_zh from places pl where pl.id = ${qualified(placeId)}`, {
    placeName: 'name',
    placeNameZh: 'name_zh',
  });

/**
 * The ids of a place and every place under it in the region tree, for `column in (…)`.
 * `placePath` is `%,<placeId>,%`; both are usually placeholders of a prepared statement.
 */
export const placeSubtree = (placeId: SQLWrapper | number, placePath: SQLWrapper | string): SQL =>
  sql`(select pl.id from places pl where pl.id = ${placeId} or (',' || pl.ancestors || ',') like ${placePath})`;
