import { SUPER_ROLE } from '@lvb/contracts/access';
import type { roleBody, roleFilter } from '@lvb/contracts/admin';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import type { IdentityChanges, SignedInUser } from '../sessions/sessions.service.ts';
import { assertCanGrantMenus, assertCanGrantScope } from './grant-ceiling.ts';
import { rolesRepository } from './roles.repository.ts';

type RoleInput = z.output<typeof roleBody>;

/** Roles with their menu and button grants and their data scope. */
export function createRolesService({ db, identity }: { db: Db; identity: IdentityChanges }) {
  async function existing(id: number) {
    const role = await rolesRepository.findById(db, id);
    if (!role) throw notFound(text('role does not exist', '角色不存在'));
    return role;
  }

  async function editable(id: number) {
    const role = await existing(id);
    if (role.roleKey === SUPER_ROLE)
      throw forbidden(text('the administrator role cannot be changed', '管理员角色不能修改'));
    return role;
  }

  async function checkKey(key: string, exceptId?: number) {
    if (key === SUPER_ROLE) throw forbidden(text('the administrator role cannot be created', '不能创建管理员角色'));
    const clash = await rolesRepository.findByKey(db, key);
    if (clash && clash.id !== exceptId) throw conflict(text('a role with this key already exists', '角色标识已存在'));
  }

  return {
    list: (f: z.output<typeof roleFilter>, page: { offset: number; limit: number }) =>
      rolesRepository.page(db, f, page),

    async get(id: number) {
      const role = await existing(id);
      return { ...role, menuIds: await rolesRepository.menuIdsOf(db, id) };
    },

    /** Roles the actor may hand out (used by the user forms). */
    options: (types?: number) => rolesRepository.options(db, types),

    async create(actor: SignedInUser, input: RoleInput) {
      await checkKey(input.roleKey);
      assertCanGrantScope(actor, input.dataScope);
      await assertCanGrantMenus(db, actor, input.menuIds);
      const { menuIds, ...fields } = input;
      return rolesRepository.create(db, fields, menuIds);
    },

    async update(actor: SignedInUser, id: number, input: RoleInput) {
      const role = await editable(id);
      await checkKey(input.roleKey, id);
      // Widening or narrowing a role's data scope both need the actor to reach both scopes.
      if (role.dataScope !== input.dataScope) {
        assertCanGrantScope(actor, role.dataScope);
        assertCanGrantScope(actor, input.dataScope);
      }
      const current = await rolesRepository.menuIdsOf(db, id);
      // Adding or taking away a grant both need the actor to hold it.
      const changed = [
        ...input.menuIds.filter((m) => !current.includes(m)),
        ...current.filter((m) => !input.menuIds.includes(m)),
      ];
      await assertCanGrantMenus(db, actor, changed);
      const { menuIds, ...fields } = input;
      await rolesRepository.update(db, id, fields, menuIds);
      await identity.changed();
    },

    async setStatus(id: number, status: string) {
      await editable(id);
      await rolesRepository.setStatus(db, id, status);
      await identity.changed();
    },

    async remove(ids: number[]) {
      for (const id of ids) await editable(id);
      if ((await accountsRepository.countHoldingRoles(db, ids)) > 0)
        throw badRequest(
          text(
            'a role that is still granted to users cannot be removed: take it away from them first',
            '角色已分配给用户，不能删除，请先取消分配',
          ),
        );
      await rolesRepository.remove(db, ids);
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
