import { AccountType } from '@lvb/contracts/access';
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { containing } from '../../lib/paging.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { departmentName, deptAndBelow, organisationIdOf } from '../departments/departments.repository.ts';
import { grantsOf } from '../roles/roles.repository.ts';
import { companySummary } from '../companies/companies.repository.ts';
import { accountRequests, userRoles, users } from './accounts.table.ts';

type Conn = Db | Tx;
export type UserRow = typeof users.$inferSelect;
export type AccountRequestRow = typeof accountRequests.$inferSelect;
type AccountFields = Pick<
  typeof users.$inferInsert,
  'types' | 'loginUid' | 'name' | 'tel' | 'deptId' | 'companyId' | 'status' | 'passwordHash'
>;

/** Ids of the roles granted to the user `userId` (a column or value), as a subquery. */
export const roleIdsOfUser = (userId: AnyColumn | SQL) =>
  sql`select ur.role_id from user_roles ur where ur.user_id = ${qualified(userId)}`;

/** How many accounts (not removed) belong to the company `companyId`, as a scalar subquery. */
export const companyUserCount = (companyId: AnyColumn | SQL) =>
  sql<number>`(select count(*)::int from users u where u.company_id = ${qualified(companyId)} and u.deleted_at is null)`;

/** Whether the company `companyId` has an account whose phone matches `pattern` (like). */
export const companyHasUserTel = (companyId: AnyColumn | SQL, pattern: string) =>
  sql`exists (select 1 from users u where u.company_id = ${qualified(companyId)} and u.tel like ${pattern})`;

/** How many accounts (not removed) sit in the department `deptId`, as a scalar subquery. */
export const departmentMemberCount = (deptId: AnyColumn | SQL) =>
  sql<number>`(select count(*)::int from users u where u.dept_id = ${qualified(deptId)} and u.deleted_at is null)`;

/** The name of the account whose id is `column`, as a scalar subquery. */
export const accountName = (column: AnyColumn | SQL) =>
  sql<string>`(select u.name from users u where u.id = ${qualified(column)})`;

/** The account `userId` as a signed-in user sees itself (see `signedInProfile`). */
export interface AccountProfile {
  id: number;
  types: number;
  loginUid: string | null;
  name: string;
  tel: string | null;
  /** Enabled and not removed. */
  active: boolean;
  deptId: number | null;
  deptName: string | null;
  orgDeptId: number | null;
  company: { id: number; name: string; status: string; fix: number } | null;
  roles: string[];
  dataScopes: string[];
  permissions: string[];
}

/**
 * The account `userId` with its department, organisation, company and what its enabled roles
 * grant, as one scalar JSON subquery: the signed-in user costs one statement.
 */
export const signedInProfile = (userId: SQL) => {
  const grants = grantsOf(roleIdsOfUser(sql`u.id`));
  return sql<AccountProfile | null>`(select json_build_object('id', u.id, 'types', u.types, 'loginUid', u.login_uid,
    'name', u.name, 'tel', u.tel, 'active', u.status = '0' and u.deleted_at is null, 'deptId', u.dept_id,
    'deptName', ${departmentName(sql`u.dept_id`)}, 'orgDeptId', ${organisationIdOf(sql`u.dept_id`)},
    'company', ${companySummary(sql`u.company_id`)}, 'roles', ${grants.keys}, 'dataScopes', ${grants.dataScopes},
    'permissions', ${grants.permissions}) from users u where u.id = ${userId})`;
};

export interface EmployeeQuery {
  /** A data-scope condition on the account's department and id (see departments.scope.ts). */
  scope?: (cols: { deptId: AnyColumn; ownerId: AnyColumn }) => SQL | undefined;
  loginUid?: string;
  name?: string;
  tel?: string;
  status?: string;
  deptId?: number;
  /** Accounts holding one of these roles (a subquery of role ids). */
  roleIds?: SQL;
  beginTime?: string;
  endTime?: string;
}

const employeeWhere = (q: EmployeeQuery): SQL =>
  and(
    eq(users.types, AccountType.employee),
    isNull(users.deletedAt),
    q.scope?.({ deptId: users.deptId, ownerId: users.id }),
    q.loginUid ? ilike(users.loginUid, containing(q.loginUid)) : undefined,
    q.name ? ilike(users.name, containing(q.name)) : undefined,
    q.tel ? ilike(users.tel, containing(q.tel)) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
    q.deptId ? sql`${users.deptId} in ${deptAndBelow(q.deptId)}` : undefined,
    q.roleIds
      ? sql`exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role_id in (${q.roleIds}))`
      : undefined,
    q.beginTime ? sql`${users.createdAt} >= ${q.beginTime}::date` : undefined,
    q.endTime ? sql`${users.createdAt} < ${q.endTime}::date + 1` : undefined,
  )!;

const employeeColumns = {
  userId: users.id,
  loginUid: sql<string>`coalesce(${users.loginUid}, '')`,
  name: users.name,
  tel: users.tel,
  deptId: users.deptId,
  deptName: departmentName(users.deptId),
  status: users.status,
  createdAt: users.createdAt,
};

/**
 * Accounts, their role grants and the requests for back-office accounts: the only place that
 * reads or writes users, user_roles and account_requests. Writes go through the accounts service,
 * which also ends sessions and refreshes signed-in users.
 */
export const accountsRepository = {
  findById: async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0],

  /** The account as a signed-in user sees itself (see `signedInProfile`). */
  profile: async (db: Db, id: number) =>
    (await queryRows<{ profile: AccountProfile | null }>(db, sql`select ${signedInProfile(sql`${id}`)} as profile`))[0]
      ?.profile ?? null,

  findEmployeeByLoginUid: async (db: Db, loginUid: string) =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.types, AccountType.employee), eq(users.loginUid, loginUid), isNull(users.deletedAt)))
    )[0],

  findByTel: async (db: Db, types: number, tel: string) =>
    (
      await db
        .select()
        .from(users)
        .where(and(eq(users.types, types), eq(users.tel, tel), isNull(users.deletedAt)))
    )[0],

  /** Any account, removed ones included, with this phone (of this kind, when given). */
  telExists: async (db: Db, tel: string, types?: number) =>
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tel, tel), types === undefined ? undefined : eq(users.types, types)))
        .limit(1)
    ).length > 0,

  /** Is the user name held by an account or asked for by a pending request (any letter case)? */
  async loginUidTaken(db: Db, loginUid: string) {
    const taken = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.loginUid}) = lower(${loginUid})`);
    const requested = await db
      .select({ id: accountRequests.id })
      .from(accountRequests)
      .where(and(eq(accountRequests.status, 'pending'), sql`lower(${accountRequests.loginUid}) = lower(${loginUid})`));
    return taken.length + requested.length > 0;
  },

  /** Accounts other than `exceptId` whose user name or back-office phone clashes with the input. */
  employeeClashes: (db: Db, input: { loginUid: string; tel?: string | null }, exceptId?: number) =>
    db
      .select({ id: users.id, loginUid: users.loginUid, tel: users.tel })
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
          sql`(lower(${users.loginUid}) = lower(${input.loginUid}) or (${users.types} = 0 and ${users.tel} = ${input.tel ?? null}))`,
        ),
      ),

  async employeePage(db: Db, q: EmployeeQuery, page: { offset: number; limit: number }) {
    const cond = employeeWhere(q);
    const [total] = await db.select({ n: count() }).from(users).where(cond);
    const rows = await db
      .select(employeeColumns)
      .from(users)
      .where(cond)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows, total: total?.n ?? 0 };
  },

  findEmployee: async (db: Db, id: number, q: EmployeeQuery) =>
    (
      await db
        .select(employeeColumns)
        .from(users)
        .where(and(eq(users.id, id), employeeWhere(q)))
    )[0],

  /** Keys of the account's enabled roles, in role order. */
  roleKeys: async (db: Db, userId: number) =>
    (await queryRows<{ keys: string[] }>(db, sql`select ${grantsOf(roleIdsOfUser(sql`${userId}`)).keys} as keys`))[0]
      ?.keys ?? [],

  /** The (user, role) grants of these accounts. */
  grantsOf: async (db: Db, userIds: number[]) =>
    userIds.length === 0
      ? []
      : db
          .select({ userId: userRoles.userId, roleId: userRoles.roleId })
          .from(userRoles)
          .where(inArray(userRoles.userId, userIds)),

  countHoldingRoles: async (db: Db, roleIds: number[]) =>
    (await db.select({ n: count() }).from(userRoles).where(inArray(userRoles.roleId, roleIds)))[0]?.n ?? 0,

  countInDept: async (db: Db, deptId: number) =>
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.deptId, deptId), isNull(users.deletedAt)))
    )[0]?.n ?? 0,

  /** Removed accounts keep their rows for the logs; they let go of a department being removed. */
  releaseDeptOfRemoved: (db: Conn, deptId: number) =>
    db
      .update(users)
      .set({ deptId: null })
      .where(and(eq(users.deptId, deptId), isNotNull(users.deletedAt))),

  memberIdsOfCompany: async (db: Db, companyId: number) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))).map((m) => m.id),

  /** The company's supplier accounts that are not removed. */
  companyMembers: (db: Db, companyId: number) =>
    db
      .select({ userId: users.id, name: users.name, tel: users.tel, status: users.status, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.types, AccountType.supplier), isNull(users.deletedAt))),

  async insert(db: Conn, fields: AccountFields, roleIds: number[]) {
    const [row] = await db.insert(users).values(fields).returning({ id: users.id });
    if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
    return row!.id;
  },

  async update(db: Conn, id: number, fields: Partial<AccountFields>, roleIds?: number[]) {
    await db.update(users).set(fields).where(eq(users.id, id));
    if (roleIds === undefined) return;
    await db.delete(userRoles).where(eq(userRoles.userId, id));
    if (roleIds.length > 0) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
  },

  setPassword: (db: Db, id: number, passwordHash: string) =>
    db
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, id)),

  /** Removed accounts stay for the logs' sake, disabled. */
  markRemoved: (db: Db, ids: number[]) =>
    db
      .update(users)
      .set({ deletedAt: sql`now()`, status: '1' })
      .where(inArray(users.id, ids)),

  /** Marks an account as made by the demo seed, so production can refuse its documented password. */
  markDemo: (db: Conn, id: number) => db.update(users).set({ demo: 1 }).where(eq(users.id, id)),

  /** Sign-in names and password hashes of the accounts the demo seed made. */
  demoCredentials: (db: Db) =>
    db.select({ hash: users.passwordHash, uid: users.loginUid, tel: users.tel }).from(users).where(eq(users.demo, 1)),

  requests: {
    async page(db: Db, status: string | undefined, page: { offset: number; limit: number }) {
      const cond = status ? eq(accountRequests.status, status) : undefined;
      const [total] = await db.select({ n: count() }).from(accountRequests).where(cond);
      const rows = await db
        .select()
        .from(accountRequests)
        .where(cond)
        .orderBy(desc(accountRequests.createdAt))
        .limit(page.limit)
        .offset(page.offset);
      return { rows, total: total?.n ?? 0 };
    },

    findById: async (db: Db, id: number) =>
      (await db.select().from(accountRequests).where(eq(accountRequests.id, id)))[0],

    /** How many requests wait for review. */
    async pendingCount(db: Conn): Promise<number> {
      const [row] = await db.select({ n: count() }).from(accountRequests).where(eq(accountRequests.status, 'pending'));
      return row?.n ?? 0;
    },

    /** Is a request with this user name or phone waiting for review? */
    pendingExists: async (db: Db, loginUid: string, tel: string) =>
      (
        await db
          .select({ id: accountRequests.id })
          .from(accountRequests)
          .where(
            and(
              eq(accountRequests.status, 'pending'),
              or(eq(accountRequests.loginUid, loginUid), eq(accountRequests.tel, tel)),
            ),
          )
      ).length > 0,

    insert: (db: Db, values: typeof accountRequests.$inferInsert) => db.insert(accountRequests).values(values),

    // Reviews move a request through the account request machine (account-requests.machine.ts).
  },
};
