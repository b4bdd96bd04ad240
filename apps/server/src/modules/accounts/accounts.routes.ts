import { DEFAULT_ROLE } from '@lvb/contracts/access';
import { changePasswordBody, userInfo } from '@lvb/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ok, okAfter, okWith } from '../../lib/route-helpers.ts';
import type { SessionService, SignedInUser } from '../sessions/sessions.service.ts';
import { createAccountsService } from './accounts.service.ts';

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
  const accounts = createAccountsService({ db, sessions });
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
    handler: async (req) =>
      okAfter(
        accounts.changeOwnPassword(req.user!.id, req.body.oldPassword, req.body.newPassword),
        'password changed, please sign in again',
      ),
  });
}
