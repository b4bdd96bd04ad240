import { Perm } from '@lvb/contracts/permissions';
import { panelDraw, panelDrawBody } from '@lvb/contracts/experts';
import {
  panelBody,
  panelCandidate,
  scoredBid,
  scoresBody,
  scoringDetail,
  scoringQuery,
  scoringRow,
} from '@lvb/contracts/scoring';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download.ts';
import { idParam } from '../../lib/id-params.ts';
import { STORED_NAME } from '../files/file-storage.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import type { ScoringService } from './scoring.service.ts';

/** `mandraw/score`: the owner assigns the panel and finalises; members score the opened bids. */
export async function scoringRoutes(app: FastifyInstance, { scoring }: { scoring: ScoringService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['scoring'];

  r.get('/api/scoring', {
    config: { access: { permission: Perm.selection.score.list } },
    schema: {
      tags,
      summary: 'Best-value projects being scored (or waiting for their opening), or finalised',
      querystring: scoringQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(scoringRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await scoring.list(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/scoring/:id/candidates', {
    config: { access: { permission: Perm.selection.score.edit } },
    schema: {
      tags,
      summary: 'The employees the owner may put on the panel: active, and allowed to score',
      params: idParam,
      response: { 200: okWith({ data: z.array(panelCandidate) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await scoring.candidates(req.user!, req.params.id),
    }),
  });

  r.get('/api/scoring/:id', {
    config: { access: { permission: Perm.selection.score.list } },
    schema: {
      tags,
      summary: "A best-value project's scoring: criteria, panel, bids, and the scores once every member submitted",
      params: idParam,
      response: { 200: okWith({ data: scoringDetail }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await scoring.detail(req.user!, req.params.id) }),
  });

  r.get('/api/scoring/:id/bids/:bidId/files/:fileName', {
    config: { access: { permission: Perm.selection.score.list } },
    schema: {
      tags,
      summary: "Download a valid bid's technical proposal file, once the bids are opened",
      params: idParam.extend({
        bidId: z.coerce.number().int().positive(),
        fileName: z.string().regex(STORED_NAME, 'not a file name this server issued'),
      }),
    },
    handler: async (req, reply) =>
      sendDownload(req, reply, await scoring.proposal(req.user!, req.params.id, req.params.bidId, req.params.fileName)),
  });

  r.put('/api/scoring/:id/panel', {
    config: { access: { permission: Perm.selection.score.edit }, idempotent: true },
    schema: {
      tags,
      summary: 'Assign the scoring panel (before any member submitted)',
      params: idParam,
      body: panelBody,
      response: { 200: okWith({}) },
    },
    handler: async (req) => {
      await scoring.assign(req.user!, req.params.id, req.body.userIds);
      return { code: 200 as const, msg: 'panel assigned' };
    },
  });

  r.get('/api/scoring/:id/panel-draw', {
    config: { access: { permission: Perm.selection.score.list } },
    schema: {
      tags,
      summary:
        "A project's panel draw: the commitment from its announcement; before the draw, for the owner, who is eligible; after it, the list, seed, entropy, order and seats",
      params: idParam,
      response: { 200: okWith({ data: panelDraw }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await scoring.panelDraw(req.user!, req.params.id),
    }),
  });

  r.post('/api/scoring/:id/panel-draw', {
    config: { access: { permission: Perm.selection.score.edit }, idempotent: true },
    schema: {
      tags,
      summary:
        'Draw the panel from the expert pool (once): the committed seed revealed, the eligible experts ordered by the published draw, the first seated with the owner representatives',
      params: idParam,
      body: panelDrawBody,
      response: { 200: okWith({}) },
    },
    handler: async (req) => {
      await scoring.drawPanel(req.user!, req.params.id, req.body);
      return { code: 200 as const, msg: 'panel drawn' };
    },
  });

  r.post('/api/scoring/:id/scores', {
    config: { access: { permission: Perm.selection.score.edit }, idempotent: true },
    schema: {
      tags,
      summary: 'A panel member submits its scores of every bid on every criterion, once and for good',
      params: idParam,
      body: scoresBody,
      response: { 200: okWith({}) },
    },
    handler: async (req) => {
      await scoring.submit(req.user!, req.params.id, req.body.scores);
      return { code: 200 as const, msg: 'scores submitted' };
    },
  });

  r.post('/api/scoring/:id/finalise', {
    config: { access: { permission: Perm.selection.score.edit }, idempotent: true },
    schema: {
      tags,
      summary: 'Write the ranking by total score: the project goes to its result, each bidder is told its place',
      params: idParam,
      response: { 200: okWith({ data: z.array(scoredBid) }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ranking written',
      data: await scoring.finalise(req.user!, req.params.id),
    }),
  });
}
