import { DEFAULT_ROLE } from '@lvb/contracts/access';
import { changePasswordBody, userInfo } from '@lvb/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { badRequest } from '../../lib/errors.ts';
import { ok, okWith } from '../../lib/route-helpers.ts';
import { hashPassword, verifyPassword } from '../../lib/secrets.ts';
import type { SessionService, SignedInUser } from '../sessions/sessions.service.ts';
import { accountsRepository } from './accounts.repository.ts';

/** rows.user of spec §3. */
export function presentUserInfo(user: SignedInUser): z.infer<typeof userInfo> {
  return {
    logUid: user.loginUid,
    empId: user.id,
    empName: user.name,
    types: user.types,
    userName: user.loginUid,
    logTel: user.tel,
    deptId: user.deptId,
    deptName: user.deptName,
    company: user.company ? { compId: user.company.id, compName: user.company.name } : null,
    fix: user.fix,
    roles: user.roles.length > 0 ? user.roles : [DEFAULT_ROLE],
    permissions: user.permissions,
  };
}

export async function accountsRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity'];

  r.get('/api/user/info', {
    config: { access: { signedIn: true } },
    schema: { tags, summary: 'The signed-in user', response: { 200: okWith({ rows: z.object({ user: userInfo }) }) } },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', rows: { user: presentUserInfo(req.user!) } }),
  });

  r.post('/api/user/cbs/updateEmpPwd', {
    config: { access: { signedIn: true, incompleteCompanyAllowed: true } },
    schema: {
      tags,
      summary: "Change one's own password; every session of the account is revoked",
      body: changePasswordBody,
      response: { 200: ok },
    },
    handler: async (req) => {
      const user = req.user!;
      const row = await accountsRepository.findById(db, user.id);
      if (!row || !(await verifyPassword(row.passwordHash, req.body.oldPassword))) {
        throw badRequest(text('the current password is wrong', '当前密码错误'));
      }
      if (req.body.oldPassword === req.body.newPassword)
        throw badRequest(text('the new password must differ from the current one', '新密码不能与当前密码相同'));
      await accountsRepository.updatePassword(db, user.id, await hashPassword(req.body.newPassword));
      await sessions.revokeAllForUser(user.id);
      return { code: 200 as const, msg: 'password changed, please sign in again' };
    },
  });
}
