import { recordIdParam } from '@lvb/contracts/ids';
import { SUPER_ROLE } from '@lvb/contracts/access';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { buildRouteTree, visibleMenus } from './menus.service.ts';

const menuRoute: z.ZodType = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    component: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    alwaysShow: z.boolean().optional(),
    query: z.string().optional(),
    meta: z.object({
      title: z.string(),
      titleZh: z.string(),
      icon: z.string(),
      noCache: z.boolean(),
      link: z.string().nullable(),
    }),
    children: z.array(menuRoute).optional(),
  }),
);

export async function menusRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/system/menu/menu', {
    config: { access: { signedIn: true } },
    schema: {
      tags: ['identity'],
      summary: "The caller's menu as a route tree; another user's only for an administrator",
      querystring: z.object({
        loginType: z.coerce.number().int().min(0).max(1).optional(),
        userId: recordIdParam.optional(),
      }),
      response: { 200: okWith({ rows: z.array(menuRoute) }) },
    },
    handler: async (req) => {
      const caller = req.user!;
      const isAdmin = caller.roles.includes(SUPER_ROLE);
      let subject = { id: caller.id, types: caller.types, roles: caller.roles };
      if (req.query.userId !== undefined && req.query.userId !== caller.id) {
        if (!isAdmin) throw forbidden(text('you may only load your own menu', '只能加载本人的菜单'));
        const other = await accountsRepository.findById(db, req.query.userId);
        if (!other) throw notFound(text('user does not exist', '用户不存在'));
        subject = { id: other.id, types: other.types, roles: await accountsRepository.roleKeys(db, other.id) };
      }
      const types = req.query.loginType ?? subject.types;
      if (types !== subject.types && !isAdmin)
        throw forbidden(text('you may only load the menu of your own login type', '只能加载本人登录类型的菜单'));
      const rows = await visibleMenus(db, subject.id, types, subject.roles);
      return { code: 200 as const, msg: 'ok', rows: buildRouteTree(rows) };
    },
  });
}
