import type { deptBody } from '@lvb/contracts/admin';
import { and, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { buildTree } from '../../lib/tree.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { IdentityChanges } from '../sessions/sessions.service.ts';
import { departmentsRepository } from './departments.repository.ts';
import { departmentsInScope, scopeCondition, type ScopedActor } from './departments.scope.ts';
import { departments } from './departments.table.ts';

type DeptInput = z.output<typeof deptBody>;

const NO_PARENT = text('parentId: the parent department does not exist', '上级部门不存在');

/** The department tree: list, pickers, create, edit (and move), remove, within the actor's scope. */
export function createDepartmentsService({ db, identity }: { db: Db; identity: IdentityChanges }) {
  /** One department the actor's scope covers, or 404. */
  async function visible(actor: ScopedActor, id: number) {
    const row = await departmentsRepository.findById(db, id, departmentsInScope(actor));
    if (!row) throw notFound(text('department does not exist', '部门不存在'));
    return row;
  }
  const parentOf = (actor: ScopedActor, input: DeptInput) =>
    visible(actor, input.parentId).catch(() => {
      throw badRequest(NO_PARENT);
    });
  const fields = (input: DeptInput) => ({ ...input, phone: input.phone || null });

  return {
    visible,

    list: (actor: ScopedActor, f: { name?: string; status?: string }) =>
      departmentsRepository.list(db, and(departmentsInScope(actor), departmentsRepository.filter(f))),

    async tree(actor: ScopedActor) {
      const rows = await departmentsRepository.listEnabled(db, departmentsInScope(actor));
      return buildTree(
        rows.map((d) => ({ ...d, parentId: d.parentId ?? 0 })),
        (d) => ({ label: d.name, labelZh: d.name }),
      );
    },

    /**
     * Throws unless the department exists and the actor's scope covers it: users are placed only
     * in departments their manager manages.
     */
    async assertPlaceable(actor: ScopedActor, deptId: number) {
      if (!(await departmentsRepository.findById(db, deptId)))
        throw badRequest(text('deptId: the department does not exist', '部门不存在'));
      const scope = scopeCondition(actor, { deptId: departments.id, ownerId: sql`-1` });
      if (scope && !(await departmentsRepository.findById(db, deptId, scope)))
        throw forbidden(text('you may only place users in departments you manage', '只能将用户分配到您管理的部门'));
    },

    async create(actor: ScopedActor, input: DeptInput) {
      const parent = await parentOf(actor, input);
      return departmentsRepository.insert(db, { ...fields(input), ancestors: `${parent.ancestors},${parent.id}` });
    },

    async update(actor: ScopedActor, id: number, input: DeptInput) {
      const current = await visible(actor, id);
      if (current.parentId === null)
        throw forbidden(text('the root department cannot be moved or edited here', '根部门不能在此移动或修改'));
      const parent = await parentOf(actor, input);
      if (parent.id === id || `,${parent.ancestors},`.includes(`,${id},`)) {
        throw badRequest(text('parentId: a department cannot be moved under itself', '部门不能移到其自身之下'));
      }
      await departmentsRepository.update(db, id, current.ancestors, {
        ...fields(input),
        ancestors: `${parent.ancestors},${parent.id}`,
      });
      // Signed-in users carry their department's name and organisation.
      await identity.changed();
    },

    async remove(actor: ScopedActor, id: number) {
      const current = await visible(actor, id);
      if (current.parentId === null) throw forbidden(text('the root department cannot be removed', '根部门不能删除'));
      if ((await departmentsRepository.childCount(db, id)) > 0)
        throw badRequest(text('remove its sub-departments first', '请先删除其下级部门'));
      if ((await accountsRepository.countInDept(db, id)) > 0)
        throw badRequest(text('the department still has users: move them first', '该部门下仍有用户，请先将其调出'));
      await db.transaction(async (tx) => {
        // Removed accounts keep their rows for the logs; they let go of the department.
        await accountsRepository.releaseDeptOfRemoved(tx, id);
        await departmentsRepository.remove(tx, id);
      });
    },
  };
}
export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
