import { businessClock, businessClockMove } from '@lvb/contracts/identity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { clockRepository } from './clock.repository.ts';

/**
 * The business clock for tests, registered only outside production: the API tests and the
 * browser suite move it forward past a deadline instead of waiting for it. Every instance on the
 * database reads the same offset, so the scheduler of each moves its projects at the moved time.
 */
export async function clockRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = async () => {
    const clock = await clockRepository.read(db);
    return {
      code: 200 as const,
      msg: 'ok',
      data: { now: clock.now.toISOString(), offsetSeconds: clock.offsetSeconds },
    };
  };
  r.get('/api/dev/clock', {
    config: { access: { public: true } },
    schema: {
      tags: ['development'],
      summary: 'The business clock and its offset (not in production)',
      response: { 200: okWith({ data: businessClock }) },
    },
    handler: answer,
  });
  r.put('/api/dev/clock', {
    config: { access: { public: true } },
    schema: {
      tags: ['development'],
      summary: 'Moves the business clock: its offset from the database time in seconds (not in production)',
      body: businessClockMove,
      response: { 200: okWith({ data: businessClock }) },
    },
    handler: async (req) => {
      await clockRepository.setOffset(db, req.body.offsetSeconds);
      return answer();
    },
  });
}
