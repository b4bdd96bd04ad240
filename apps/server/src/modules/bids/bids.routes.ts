import { Model } from '@lvb/contracts/projects';
import { bidBody, bidReceipt, biddingProjectRow, openingRecord, proposalBidBody } from '@lvb/contracts/bids';
import { Perm } from '@lvb/contracts/permissions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/attachment.ts';
import { idParam } from '../../lib/id-params.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { idempotencyKeyOf } from '../../plugins/idempotency.ts';
import type { BidsService } from './bids.service.ts';

/** The pages of sealed bidding: `web/bidding2` price competition, `web/bidding3` best value. */
const PAGES = [
  {
    model: Model.priceCompetition,
    path: '/api/bidding2',
    perm: Perm.web.bidding2,
    body: bidBody,
    kind: 'price-competition',
  },
  { model: Model.bestValue, path: '/api/bidding3', perm: Perm.web.bidding3, body: proposalBidBody, kind: 'best-value' },
];

/** A qualified supplier's sealed bids, receipts and, once opened, the record; one set of calls per model. */
export async function bidsRoutes(app: FastifyInstance, { bids }: { bids: BidsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bids'];

  for (const { model, path, perm, body, kind } of PAGES) {
    r.get(`${path}/projects`, {
      config: { access: { permission: perm.list } },
      schema: {
        tags,
        summary: `The ${kind} projects the supplier's company is qualified for, with its receipts`,
        response: { 200: okWith({ rows: z.array(biddingProjectRow), total: z.number() }) },
      },
      handler: async (req) => {
        const rows = await bids.projects(req.user!, model);
        return { code: 200 as const, msg: 'ok', rows, total: rows.length };
      },
    });

    // Not `idempotent: true`: the plugin keeps a hash of the body, and a hash of a price is the
    // price to anyone who tries the plausible ones. The bids table keeps the key instead.
    r.post(`${path}/projects/:id/bids`, {
      config: { access: { permission: perm.bid } },
      schema: {
        tags,
        summary: `Submit or replace a sealed ${model === Model.bestValue ? 'price and technical proposal' : 'price'} before the bid deadline; answers the receipt. A retry with the same Idempotency-Key answers the first receipt`,
        params: idParam,
        body,
        response: { 200: okWith({ data: bidReceipt.extend({ replayed: z.boolean() }) }) },
      },
      handler: async (req, reply) => {
        const key = idempotencyKeyOf(req);
        const receipt = await bids.submit(req.user!, req.params.id, model, req.body, key);
        if (receipt.replayed) void reply.header('idempotent-replayed', 'true');
        return { code: 200 as const, msg: 'bid sealed', data: receipt };
      },
    });

    r.get(`${path}/bids/:id/receipt`, {
      config: { access: { permission: perm.list } },
      schema: {
        tags,
        summary: "Download the receipt of one of the company's bids, as text or PDF",
        params: idParam,
        querystring: z.object({ format: z.enum(['txt', 'pdf']).default('pdf') }),
      },
      handler: async (req, reply) => {
        const file = await bids.receiptFile(req.user!, req.params.id, req.query.format);
        return reply
          .header('content-type', file.type)
          .header('content-disposition', attachmentDisposition(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    });

    r.get(`${path}/projects/:id/opening`, {
      config: { access: { permission: perm.list } },
      schema: {
        tags,
        summary: `A ${kind} project's opening record, once its bids are opened`,
        params: idParam,
        response: { 200: okWith({ data: openingRecord }) },
      },
      handler: async (req) => ({
        code: 200 as const,
        msg: 'ok',
        data: await bids.openingRecord(req.params.id, model),
      }),
    });
  }
}
