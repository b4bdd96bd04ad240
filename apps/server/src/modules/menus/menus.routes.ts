import { recordIdParam } from '@lvb/contracts/ids';
import { menuRoute } from '@lvb/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { menuOf } from './menus.service.ts';

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
    handler: async (req) => ({ code: 200 as const, msg: 'ok', rows: await menuOf(db, req.user!, req.query) }),
  });
}
