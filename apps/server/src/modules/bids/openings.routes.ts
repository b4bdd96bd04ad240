import { openingDetail, openingQuery, openingRecord, openingRow } from '@lvb/contracts/bids';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import type { OpeningsService } from './openings.service.ts';

/** `mandraw/opening`: supervisors confirm presence, owners open the sealed bids. */
export async function openingsRoutes(app: FastifyInstance, { openings }: { openings: OpeningsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['openings'];

  r.get('/api/openings', {
    config: { access: { permission: Perm.selection.opening.list } },
    schema: {
      tags,
      summary: 'Price-competition projects closed for bids, due to open, or opened',
      querystring: openingQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(openingRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await openings.list(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/openings/:id', {
    config: { access: { permission: Perm.selection.opening.list } },
    schema: {
      tags,
      summary: "One project's opening: witnesses, what the caller may do, and the record once opened",
      params: idParam,
      response: { 200: okWith({ data: openingDetail }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await openings.detail(req.user!, req.params.id) }),
  });

  r.post('/api/openings/:id/witness', {
    config: { access: { permission: Perm.selection.draw.witness }, idempotent: true },
    schema: {
      tags,
      summary: "A supervisor confirms presence at the project's opening",
      params: idParam,
      response: { 200: okWith({ data: z.object({ signedAt: z.date() }) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'presence confirmed',
      data: { signedAt: await openings.witness(req.user!, req.params.id) },
    }),
  });

  r.post('/api/openings/:id/open', {
    config: { access: { permission: Perm.selection.opening.open }, idempotent: true },
    schema: {
      tags,
      summary: 'Open the sealed bids: decrypt, rank, write and publish the record',
      params: idParam,
      response: { 200: okWith({ data: openingRecord }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'bids opened',
      data: await openings.open(req.user!, req.params.id),
    }),
  });
}
