import { AccountType, SUPER_ROLE } from '@lvb/contracts/access';
import type { Db, Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/secrets.ts';
import { accountsRepository, type EmployeeQuery } from '../accounts/accounts.repository.ts';
import { createAccountsService } from '../accounts/accounts.service.ts';
import { createDepartmentsService } from '../departments/departments.service.ts';
import { scopeCondition } from '../departments/departments.scope.ts';
import { assertCanGrantRoles, assertCanTakeOver } from '../roles/grant-ceiling.ts';
import { roleIdsWithKeys, rolesRepository } from '../roles/roles.repository.ts';
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

/** Employee accounts (types 0): list, create, edit, enable and disable, reset, remove. */
export function createEmployeesService({ db, sessions }: { db: Db; sessions: SessionService }) {
  const accounts = createAccountsService({ db, sessions });
  const departments = createDepartmentsService({ db, identity: sessions });
  const query = (actor: SignedInUser, f: EmployeeFilter): EmployeeQuery => {
    const { roleKey, roleKeys, ...rest } = f;
    return {
      ...rest,
      scope: (cols) => scopeCondition(actor, cols),
      roleIds: roleKey || roleKeys ? roleIdsWithKeys(roleKeys ?? [roleKey!]) : undefined,
    };
  };

  async function withRoles<T extends { userId: number }>(rows: T[]) {
    const grants = await accountsRepository.grantsOf(
      db,
      rows.map((r) => r.userId),
    );
    const roles = await rolesRepository.summaries(db, [...new Set(grants.map((g) => g.roleId))]);
    return rows.map((r) => ({
      ...r,
      roles: grants.filter((g) => g.userId === r.userId).flatMap((g) => roles.filter((x) => x.roleId === g.roleId)),
    }));
  }

  /** Loads one employee the actor may see, or answers 404. */
  async function visible(actor: SignedInUser, id: number) {
    const row = await accountsRepository.findEmployee(db, id, query(actor, {}));
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

  async function checkUnique(input: { loginUid: string; tel?: string | null }, exceptId?: number, conn: Db = db) {
    const clash = await accountsRepository.employeeClashes(conn, input, exceptId);
    if (clash.some((c) => c.loginUid?.toLowerCase() === input.loginUid.toLowerCase()))
      throw conflict(text('this user name is already taken', '该用户名已被使用'));
    if (clash.length > 0)
      throw conflict(text('this phone number already has a back-office account', '该手机号已开通后台账号'));
  }

  const fields = (input: Omit<EmployeeInput, 'password' | 'roleIds'>) => ({
    loginUid: input.loginUid,
    name: input.name,
    tel: input.tel || null,
    deptId: input.deptId,
    status: input.status,
  });

  return {
    async list(actor: SignedInUser, f: EmployeeFilter, page: { offset: number; limit: number }) {
      const { rows, total } = await accountsRepository.employeePage(db, query(actor, f), page);
      return { rows: await withRoles(rows), total };
    },

    async get(actor: SignedInUser, id: number) {
      return (await withRoles([await visible(actor, id)]))[0]!;
    },

    /**
     * Creates an employee account; inside `tx` when it belongs to a larger write (an approved
     * account request), where every check reads what the transaction sees. Of two creations
     * racing for one user name or phone, the unique indexes refuse the second (409, plugins/errors.ts).
     */
    async create(actor: SignedInUser, input: EmployeeInput & { password: string }, tx?: Tx) {
      const conn = tx ?? db;
      await checkUnique(input, undefined, conn);
      await (tx ? createDepartmentsService({ db: tx, identity: sessions }) : departments).assertPlaceable(
        actor,
        input.deptId,
      );
      await assertCanGrantRoles(conn, actor, input.roleIds);
      const passwordHash = await hashPassword(input.password);
      return accounts.create({ types: AccountType.employee, ...fields(input), passwordHash }, input.roleIds, tx);
    },

    async update(actor: SignedInUser, id: number, input: Omit<EmployeeInput, 'password'>) {
      await guardTarget(actor, id, text('edit', '修改管理员'));
      await checkUnique(input, id);
      await departments.assertPlaceable(actor, input.deptId);
      // Roles the user already holds and keeps need no new grant; added ones do.
      const current = (await accountsRepository.grantsOf(db, [id])).map((r) => r.roleId);
      await assertCanGrantRoles(
        db,
        actor,
        input.roleIds.filter((r) => !current.includes(r)),
      );
      const removed = current.filter((r) => !input.roleIds.includes(r));
      if (removed.length > 0) await assertCanGrantRoles(db, actor, removed);
      await accounts.update(id, fields(input), input.roleIds);
    },

    async setStatus(actor: SignedInUser, id: number, status: string) {
      if (id === actor.id) throw badRequest(text('you cannot disable your own account', '不能停用本人账号'));
      await guardTarget(actor, id, text('disable', '停用管理员'));
      await accounts.setStatus(id, status);
    },

    async resetPassword(actor: SignedInUser, id: number, password: string) {
      await guardTarget(actor, id, text('reset the password of', '重置管理员的密码'));
      // Whoever sets the password can sign in as the account: only one that could grant it all.
      await assertCanTakeOver(
        db,
        actor,
        (await accountsRepository.grantsOf(db, [id])).map((g) => g.roleId),
      );
      await accounts.setPassword(id, password);
    },

    async remove(actor: SignedInUser, ids: number[]) {
      if (ids.includes(actor.id)) throw badRequest(text('you cannot remove your own account', '不能删除本人账号'));
      for (const id of ids) await guardTarget(actor, id, text('remove', '删除管理员'));
      await accounts.remove(ids);
    },
  };
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;
