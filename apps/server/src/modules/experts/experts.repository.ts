import type { ExpertQuery, ExpertRow } from '@lvb/contracts/experts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containing, type Page } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { accountName } from '../accounts/accounts.repository.ts';
import {
  placeName,
  placeNameZh,
  placeSubtree,
  projectTypeName,
  projectTypeNameZh,
} from '../master-data/master-data.repository.ts';
import { experts } from './experts.table.ts';

type Conn = Db | Tx;
export type ExpertRecord = typeof experts.$inferSelect;
export type NewExpert = typeof experts.$inferInsert;

/**
 * An expert as lists, details and exports show it, with the master data's names and its account's
 * name; the account's login id and department are added by the service through the accounts module.
 */
const expertColumns = {
  id: experts.id,
  userId: experts.userId,
  name: sql<string>`coalesce(${accountName(experts.userId)}, '')`,
  kind: sql<ExpertRow['kind']>`${experts.kind}`,
  typeId: experts.typeId,
  typeName: projectTypeName(experts.typeId),
  typeNameZh: projectTypeNameZh(experts.typeId),
  placeId: experts.placeId,
  placeName: placeName(experts.placeId),
  placeNameZh: placeNameZh(experts.placeId),
  employer: experts.employer,
  employerCreditCode: experts.employerCreditCode,
  validFrom: experts.validFrom,
  validTo: experts.validTo,
  remark: experts.remark,
  status: sql<ExpertRow['status']>`${experts.status}`,
  statusReason: experts.statusReason,
  createdAt: experts.createdAt,
  updatedAt: experts.updatedAt,
};
export type ExpertListRow = Omit<ExpertRow, 'loginUid' | 'deptName'>;

/** The filters of the list; `userIds`: accounts whose name or login id matched the keyword. */
export type ExpertFilter = ExpertQuery & { userIds?: number[] };

const filtered = (q: ExpertFilter): SQL | undefined =>
  and(
    q.keyword
      ? or(
          ilike(experts.employer, containing(q.keyword)),
          q.userIds && q.userIds.length > 0 ? inArray(experts.userId, q.userIds) : undefined,
        )
      : undefined,
    q.typeId ? eq(experts.typeId, q.typeId) : undefined,
    q.placeId ? eq(experts.placeId, q.placeId) : undefined,
    q.kind ? eq(experts.kind, q.kind) : undefined,
    q.status ? eq(experts.status, q.status) : undefined,
    q.validOn ? and(lte(experts.validFrom, q.validOn), gte(experts.validTo, q.validOn)) : undefined,
  );

/** The places under the expert's region and the region itself, for `place in (…)`. */
const expertRegion = () => {
  const region = qualified(experts.placeId);
  return placeSubtree(region, sql`'%,' || ${region} || ',%'`);
};

/** Queries on the experts table; the only place that touches it. */
export const expertsRepository = {
  /**
   * The experts a panel may be drawn from, before their accounts are checked: active, of the type,
   * valid on `onDate` (both ends included), whose region is the place or one containing it; by id.
   */
  drawable: (db: Conn, q: { typeId: number; placeId: number; onDate: string }) =>
    db
      .select({
        expertId: experts.id,
        userId: experts.userId,
        employer: experts.employer,
        employerCreditCode: experts.employerCreditCode,
      })
      .from(experts)
      .where(
        and(
          eq(experts.typeId, q.typeId),
          eq(experts.status, 'active'),
          lte(experts.validFrom, q.onDate),
          gte(experts.validTo, q.onDate),
          sql`${q.placeId}::int in ${expertRegion()}`,
        ),
      )
      .orderBy(asc(experts.id)),

  /** One expert with its names, or undefined. */
  expert: async (db: Conn, id: number): Promise<ExpertListRow | undefined> =>
    (await db.select(expertColumns).from(experts).where(eq(experts.id, id)))[0],

  /** The record as stored, or undefined. */
  find: async (db: Conn, id: number): Promise<ExpertRecord | undefined> =>
    (await db.select().from(experts).where(eq(experts.id, id)))[0],

  async page(db: Conn, q: ExpertFilter, page: Page) {
    const [total] = await db.select({ n: count() }).from(experts).where(filtered(q));
    return { rows: await expertsRepository.all(db, q, page.limit, page.offset), total: total?.n ?? 0 };
  },
  all: (db: Conn, q: ExpertFilter, limit: number, offset = 0): Promise<ExpertListRow[]> =>
    db.select(expertColumns).from(experts).where(filtered(q)).orderBy(desc(experts.id)).limit(limit).offset(offset),

  insert: async (db: Conn, values: NewExpert) =>
    (await db.insert(experts).values(values).returning({ id: experts.id }))[0]!.id,

  /** Saves the fields of an expert; false when there is none with this id. */
  update: async (db: Conn, id: number, values: Partial<NewExpert>) =>
    (
      await db
        .update(experts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(experts.id, id))
        .returning({ id: experts.id })
    ).length > 0,

  remove: async (db: Conn, id: number) =>
    (await db.delete(experts).where(eq(experts.id, id)).returning({ id: experts.id })).length > 0,
};
