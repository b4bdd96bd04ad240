import { liveView } from '@lvb/contracts/live';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../lib/id-params.ts';
import { okWith } from '../../lib/route-helpers.ts';
import type { LiveService } from './live.service.ts';

/** `/live/:id`: a project's draw or opening as it happens, for its participants. */
export async function liveRoutes(app: FastifyInstance, { live }: { live: LiveService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/live/:id', {
    // Each participant's own view: the service decides who takes part in the project.
    config: { access: { signedIn: true } },
    schema: {
      tags: ['live'],
      summary:
        "A project's draw or opening as it happens: who is present, the witnesses, the seed and entropy, the order, the prices once opened; reading it records the reader present",
      params: idParam,
      response: { 200: okWith({ data: liveView }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await live.view(req.user!, req.params.id) }),
  });
}
