import { AccountType, SUPER_ROLE } from '@lvb/contracts/access';
import { and, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { scopeCondition } from '../../lib/data-scope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { userRoles, users } from '../accounts/accounts.table.ts';
import { departments } from '../departments/departments.table.ts';
import { assertCanGrantRoles } from '../roles/grant-ceiling.ts';
import { roles } from '../roles/roles.table.ts';
import type { SessionService, SignedInUser } from '../sessions/sessions.service.ts';

export interface EmployeeFilter {
  loginUid?: string;
  name?: string;
  tel?: string;
  status?: string;
  deptId?: number;
  roleKey?: string;
  roleKeys?: string[];
  beginTime?: string;
  endTime?: string;
}

export interface EmployeeInput {
  loginUid: string;
  name: string;
  tel?: string | null;
  deptId: number;
  roleIds: number[];
  status: string;
  password?: string;
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Employee accounts (types 0): list, create, edit, enable and disable, reset, remove. */
export function createEmployeesService({ db, sessions }: { db: Db; sessions: SessionService }) {
  function where(actor: SignedInUser, f: EmployeeFilter): SQL {
    const parts: (SQL | undefined)[] = [
      eq(users.types, AccountType.employee),
      isNull(users.deletedAt),
      scopeCondition(actor, { deptId: users.deptId, ownerId: users.id }),
      f.loginUid ? ilike(users.loginUid, like(f.loginUid)) : undefined,
      f.name ? ilike(users.name, like(f.name)) : undefined,
      f.tel ? ilike(users.tel, like(f.tel)) : undefined,
      f.status ? eq(users.status, f.status) : undefined,
      f.deptId
        ? sql`${users.deptId} in (select d.id from departments d where d.id = ${f.deptId} or (',' || d.ancestors || ',') like ${`%,${f.deptId},%`})`
        : undefined,
      f.roleKey || f.roleKeys
        ? sql`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = users.id and r.role_key in ${f.roleKeys ?? [f.roleKey!]})`
        : undefined,
      f.beginTime ? sql`${users.createdAt} >= ${f.beginTime}::date` : undefined,
      f.endTime ? sql`${users.createdAt} < ${f.endTime}::date + 1` : undefined,
    ];
    return and(...parts)!;
  }

  async function withRoles<T extends { userId: number }>(rows: T[]) {
    if (rows.length === 0) return [];
    const grants = await db
      .select({ userId: userRoles.userId, roleId: roles.id, roleKey: roles.roleKey, roleName: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        inArray(
          userRoles.userId,
          rows.map((r) => r.userId),
        ),
      );
    return rows.map((r) => ({
      ...r,
      roles: grants.filter((g) => g.userId === r.userId).map(({ userId: _u, ...g }) => g),
    }));
  }

  const columns = {
    userId: users.id,
    loginUid: sql<string>`coalesce(${users.loginUid}, '')`,
    name: users.name,
    tel: users.tel,
    deptId: users.deptId,
    deptName: departments.name,
    status: users.status,
    createdAt: users.createdAt,
  };

  /** Loads one employee the actor may see, or answers 404. */
  async function visible(actor: SignedInUser, id: number) {
    const [row] = await db
      .select(columns)
      .from(users)
      .leftJoin(departments, eq(departments.id, users.deptId))
      .where(and(eq(users.id, id), where(actor, {})));
    if (!row) throw notFound(text('user does not exist', '用户不存在'));
    return row;
  }

  /** `action`: the English verb, and the Chinese verb with its object ("修改管理员"). */
  async function guardTarget(actor: SignedInUser, id: number, action: Text) {
    const row = await visible(actor, id);
    const keys = (await withRoles([row]))[0]!.roles.map((r) => r.roleKey);
    if (keys.includes(SUPER_ROLE) && !actor.roles.includes(SUPER_ROLE)) {
      throw forbidden(text(`only an administrator may ${action.en} an administrator`, `只有管理员可以${action.zh}`));
    }
    return row;
  }

  async function checkUnique(input: { loginUid: string; tel?: string | null }, exceptId?: number) {
    const clash = await db
      .select({ id: users.id, loginUid: users.loginUid, tel: users.tel })
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
          sql`(lower(${users.loginUid}) = lower(${input.loginUid}) or (${users.types} = 0 and ${users.tel} = ${input.tel ?? null}))`,
        ),
      );
    if (clash.some((c) => c.loginUid?.toLowerCase() === input.loginUid.toLowerCase()))
      throw conflict(text('this user name is already taken', '该用户名已被使用'));
    if (clash.length > 0)
      throw conflict(text('this phone number already has a back-office account', '该手机号已开通后台账号'));
  }

  async function checkDept(actor: SignedInUser, deptId: number) {
    const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, deptId));
    if (!dept) throw badRequest(text('deptId: the department does not exist', '部门不存在'));
    const scope = scopeCondition(actor, { deptId: departments.id, ownerId: sql`-1` });
    if (scope) {
      const [ok] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.id, deptId), scope));
      if (!ok)
        throw forbidden(text('you may only place users in departments you manage', '只能将用户分配到您管理的部门'));
    }
  }

  return {
    async list(actor: SignedInUser, f: EmployeeFilter, page: { offset: number; limit: number }) {
      const cond = where(actor, f);
      const [total] = await db.select({ n: count() }).from(users).where(cond);
      const rows = await db
        .select(columns)
        .from(users)
        .leftJoin(departments, eq(departments.id, users.deptId))
        .where(cond)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      return { rows: await withRoles(rows), total: total?.n ?? 0 };
    },

    async get(actor: SignedInUser, id: number) {
      return (await withRoles([await visible(actor, id)]))[0]!;
    },

    async create(actor: SignedInUser, input: EmployeeInput & { password: string }) {
      await checkUnique(input);
      await checkDept(actor, input.deptId);
      await assertCanGrantRoles(db, actor, input.roleIds);
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            types: AccountType.employee,
            loginUid: input.loginUid,
            name: input.name,
            tel: input.tel || null,
            deptId: input.deptId,
            status: input.status,
            passwordHash,
          })
          .returning({ id: users.id });
        if (input.roleIds.length > 0) {
          await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: row!.id, roleId })));
        }
        return row!.id;
      });
    },

    async update(actor: SignedInUser, id: number, input: Omit<EmployeeInput, 'password'>) {
      await guardTarget(actor, id, text('edit', '修改管理员'));
      await checkUnique(input, id);
      await checkDept(actor, input.deptId);
      // Roles the user already holds and keeps need no new grant; added ones do.
      const current = (
        await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id))
      ).map((r) => r.roleId);
      await assertCanGrantRoles(
        db,
        actor,
        input.roleIds.filter((r) => !current.includes(r)),
      );
      const removed = current.filter((r) => !input.roleIds.includes(r));
      if (removed.length > 0) await assertCanGrantRoles(db, actor, removed);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            loginUid: input.loginUid,
            name: input.name,
            tel: input.tel || null,
            deptId: input.deptId,
            status: input.status,
          })
          .where(eq(users.id, id));
        await tx.delete(userRoles).where(eq(userRoles.userId, id));
        if (input.roleIds.length > 0)
          await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
      });
      if (input.status !== '0') await sessions.revokeAllForUser(id);
    },

    async setStatus(actor: SignedInUser, id: number, status: string) {
      if (id === actor.id) throw badRequest(text('you cannot disable your own account', '不能停用本人账号'));
      await guardTarget(actor, id, text('disable', '停用管理员'));
      await db.update(users).set({ status }).where(eq(users.id, id));
      if (status !== '0') await sessions.revokeAllForUser(id);
    },

    async resetPassword(actor: SignedInUser, id: number, password: string) {
      await guardTarget(actor, id, text('reset the password of', '重置管理员的密码'));
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), passwordChangedAt: sql`now()` })
        .where(eq(users.id, id));
      await sessions.revokeAllForUser(id);
    },

    async remove(actor: SignedInUser, ids: number[]) {
      if (ids.includes(actor.id)) throw badRequest(text('you cannot remove your own account', '不能删除本人账号'));
      for (const id of ids) await guardTarget(actor, id, text('remove', '删除管理员'));
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ deletedAt: sql`now()`, status: '1' })
          .where(inArray(users.id, ids));
      });
      for (const id of ids) await sessions.revokeAllForUser(id);
    },
  };
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;
