import { smsOutboxMessage } from '@lvb/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { smsRepository } from './sms.repository.ts';

/**
 * The development read-out of the outbox provider: registered only outside production and only
 * when messages go to the outbox, so that a person or a test can read the code a phone received.
 */
export async function smsOutboxRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dev/sms-outbox', {
    config: { access: { public: true } },
    schema: {
      tags: ['development'],
      summary: 'Messages sent to a phone (outbox provider, not in production)',
      querystring: z.object({ tel: z.string().trim().min(1).max(20) }),
      response: {
        200: okWith({ rows: z.array(smsOutboxMessage) }),
      },
    },
    handler: async (req) => {
      const rows = await smsRepository.outbox.latest(db, req.query.tel);
      return {
        code: 200 as const,
        msg: 'ok',
        rows: rows.map((m) => ({ tel: m.tel, content: m.content, createdAt: m.createdAt.toISOString() })),
      };
    },
  });
}
