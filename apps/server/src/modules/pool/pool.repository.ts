import type { PoolMemberQuery, PoolMemberRow } from '@lvb/contracts/pool';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import { companyCreditCode, companyMatches, companyName } from '../companies/companies.repository.ts';
import {
  placeName,
  placeNameZh,
  placeSubtree,
  projectTypeName,
  projectTypeNameZh,
  subCategoryName,
  subCategoryNameZh,
} from '../master-data/master-data.repository.ts';
import { poolMembers, poolPublicities } from './pool.table.ts';

type Conn = Db | Tx;
export type PoolMemberRecord = typeof poolMembers.$inferSelect;
export type NewPoolMember = typeof poolMembers.$inferInsert;
export type PoolPublicityRecord = typeof poolPublicities.$inferSelect;

/** A member as lists, details and exports show it, with its company's and master data's names. */
const memberColumns = {
  id: poolMembers.id,
  companyId: poolMembers.companyId,
  companyName: companyName(poolMembers.companyId),
  creditCode: companyCreditCode(poolMembers.companyId),
  typeId: poolMembers.typeId,
  typeName: projectTypeName(poolMembers.typeId),
  typeNameZh: projectTypeNameZh(poolMembers.typeId),
  subCategoryId: poolMembers.subCategoryId,
  subCategoryName: subCategoryName(poolMembers.subCategoryId),
  subCategoryNameZh: subCategoryNameZh(poolMembers.subCategoryId),
  placeId: poolMembers.placeId,
  placeName: placeName(poolMembers.placeId),
  placeNameZh: placeNameZh(poolMembers.placeId),
  validFrom: poolMembers.validFrom,
  validTo: poolMembers.validTo,
  remark: poolMembers.remark,
  status: sql<PoolMemberRow['status']>`${poolMembers.status}`,
  statusReason: poolMembers.statusReason,
  createdAt: poolMembers.createdAt,
  updatedAt: poolMembers.updatedAt,
};

const filtered = (q: PoolMemberQuery): SQL | undefined =>
  and(
    q.keyword ? companyMatches(poolMembers.companyId, containing(q.keyword)) : undefined,
    q.typeId ? eq(poolMembers.typeId, q.typeId) : undefined,
    q.placeId ? eq(poolMembers.placeId, q.placeId) : undefined,
    q.status ? eq(poolMembers.status, q.status) : undefined,
    q.validOn ? and(lte(poolMembers.validFrom, q.validOn), gte(poolMembers.validTo, q.validOn)) : undefined,
  );

/** The places under the member's region and the region itself, for `place in (…)`. */
const memberRegion = () => {
  const region = qualified(poolMembers.placeId);
  return placeSubtree(region, sql`'%,' || ${region} || ',%'`);
};

/** What the draw asks of the pool: who may be drawn for a project of a type in a place on a day. */
export interface CandidateQuery {
  typeId: number;
  /** A project of a sub-category draws the members of that sub-category and those of the whole type. */
  subCategoryId?: number | null;
  /** The project's place: members whose region is that place or contains it. */
  placeId: number;
  /** `YYYY-MM-DD`, the platform's date of the draw. */
  onDate: string;
}
export interface PoolCandidate {
  memberId: number;
  companyId: number;
  creditCode: string;
  companyName: string;
}

const publicityColumns = {
  id: poolPublicities.id,
  noticeId: poolPublicities.noticeId,
  title: poolPublicities.title,
  intro: poolPublicities.intro,
  memberIds: poolPublicities.memberIds,
  createdByName: accountName(poolPublicities.createdBy),
  createdAt: poolPublicities.createdAt,
  updatedAt: poolPublicities.updatedAt,
};

/** Queries on the pool's tables; the only place that touches them. */
export const poolRepository = {
  /**
   * The members the draw picks from: active, valid on `onDate` (both ends included), of the type
   * (and of the sub-category or none), whose region is the place or one containing it; by id.
   */
  candidates: (db: Conn, q: CandidateQuery): Promise<PoolCandidate[]> =>
    db
      .select({
        memberId: poolMembers.id,
        companyId: poolMembers.companyId,
        creditCode: companyCreditCode(poolMembers.companyId),
        companyName: companyName(poolMembers.companyId),
      })
      .from(poolMembers)
      .where(
        and(
          eq(poolMembers.typeId, q.typeId),
          q.subCategoryId
            ? or(isNull(poolMembers.subCategoryId), eq(poolMembers.subCategoryId, q.subCategoryId))
            : undefined,
          eq(poolMembers.status, 'active'),
          lte(poolMembers.validFrom, q.onDate),
          gte(poolMembers.validTo, q.onDate),
          sql`${q.placeId}::int in ${memberRegion()}`,
        ),
      )
      .orderBy(asc(poolMembers.id)),

  /** One member with its names, or undefined. */
  member: async (db: Conn, id: number) =>
    (await db.select(memberColumns).from(poolMembers).where(eq(poolMembers.id, id)))[0],

  membersByIds: (db: Conn, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db.select(memberColumns).from(poolMembers).where(inArray(poolMembers.id, ids)).orderBy(asc(poolMembers.id)),

  /** The record as stored, or undefined. */
  find: async (db: Conn, id: number): Promise<PoolMemberRecord | undefined> =>
    (await db.select().from(poolMembers).where(eq(poolMembers.id, id)))[0],

  async page(db: Conn, q: PoolMemberQuery, page: Page) {
    const [total] = await db.select({ n: count() }).from(poolMembers).where(filtered(q));
    return { rows: await poolRepository.all(db, q, page.limit, page.offset), total: total?.n ?? 0 };
  },
  all: (db: Conn, q: PoolMemberQuery, limit: number, offset = 0) =>
    db
      .select(memberColumns)
      .from(poolMembers)
      .where(filtered(q))
      .orderBy(desc(poolMembers.id))
      .limit(limit)
      .offset(offset),

  /** The company, type and region of every membership of these companies: the duplicates an import checks. */
  keysOf: (db: Conn, companyIds: number[]) =>
    companyIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ companyId: poolMembers.companyId, typeId: poolMembers.typeId, placeId: poolMembers.placeId })
          .from(poolMembers)
          .where(inArray(poolMembers.companyId, companyIds)),

  insert: async (db: Conn, values: NewPoolMember[]) =>
    (await db.insert(poolMembers).values(values).returning({ id: poolMembers.id })).map((r) => r.id),

  /** Saves the fields of a member; false when there is none with this id. */
  update: async (db: Conn, id: number, values: Partial<NewPoolMember>) =>
    (
      await db
        .update(poolMembers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(poolMembers.id, id))
        .returning({ id: poolMembers.id })
    ).length > 0,

  remove: async (db: Conn, id: number) =>
    (await db.delete(poolMembers).where(eq(poolMembers.id, id)).returning({ id: poolMembers.id })).length > 0,

  // Publicity

  publicityPage: async (db: Conn, q: { title?: string }, page: Page) => {
    const where = q.title ? ilike(poolPublicities.title, containing(q.title)) : undefined;
    const [total] = await db.select({ n: count() }).from(poolPublicities).where(where);
    const rows = await db
      .select({ ...publicityColumns })
      .from(poolPublicities)
      .where(where)
      .orderBy(desc(poolPublicities.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: total?.n ?? 0 };
  },
  publicity: async (db: Conn, id: number) =>
    (await db.select(publicityColumns).from(poolPublicities).where(eq(poolPublicities.id, id)))[0],
  insertPublicity: async (db: Conn, values: typeof poolPublicities.$inferInsert) =>
    (await db.insert(poolPublicities).values(values).returning({ id: poolPublicities.id }))[0]!.id,
  updatePublicity: async (db: Conn, id: number, values: Partial<typeof poolPublicities.$inferInsert>) =>
    (
      await db
        .update(poolPublicities)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(poolPublicities.id, id))
        .returning({ id: poolPublicities.id })
    ).length > 0,
  removePublicity: async (db: Conn, id: number) =>
    (await db.delete(poolPublicities).where(eq(poolPublicities.id, id)).returning({ id: poolPublicities.id })).length >
    0,
};
