import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import {
  declinedChoiceBody,
  objectionAnswerBody,
  objectionBody,
  objectionDecisionBody,
  objectionStep,
  projectResult,
  resultConfirmation,
  resultStep,
} from '@lvb/contracts/results';
import { recordIdParam } from '@lvb/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../lib/id-params.ts';
import { okWith } from '../../lib/route-helpers.ts';
import type { ResultsService } from './results.service.ts';

const READERS = [Perm.selection.confirm.list, Perm.audit.result.list];
const objectionParams = z.object({ id: recordIdParam, objectionId: recordIdParam });
const stepAnswer = { 200: okWith({ data: resultStep }) };
const objectionAnswer = { 200: okWith({ data: objectionStep }) };
const applicationAnswer = { 200: okWith({ data: z.object({ id: z.number(), status: z.string() }) }) };

/**
 * `mandraw/confirmsign` (the owner confirms and signs, answers objections, chooses after a
 * declined award), `manager/proaudit` (the auditor approves or returns, decides objections), and
 * the supplier's objection and answer to its award. Every step takes an Idempotency-Key.
 */
export async function resultsRoutes(app: FastifyInstance, { results }: { results: ResultsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['results'];

  r.get('/api/results/:id', {
    config: { access: { permission: READERS } },
    schema: {
      tags,
      summary: "A project's result: ranking, proposed winner, confirmation, publicity and objections",
      params: idParam,
      response: { 200: okWith({ data: projectResult }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await results.detail(req.user!, req.params.id) }),
  });

  r.get('/api/results/:id/confirmation', {
    config: { access: { permission: READERS } },
    schema: {
      tags,
      summary: "The owner's signed confirmation: who, when, SHA-256 and the canonical text it hashes",
      params: idParam,
      response: { 200: okWith({ data: resultConfirmation }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await results.confirmation(req.user!, req.params.id),
    }),
  });

  r.post('/api/results/:id/confirm', {
    config: { access: { permission: Perm.selection.confirm.sign }, idempotent: true },
    schema: {
      tags,
      summary: 'The owner confirms the proposed winner and signs the result (to the result audit)',
      params: idParam,
      response: { 200: okWith({ data: resultConfirmation }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'result confirmed and signed',
      data: await results.confirm(req.user!, req.params.id),
    }),
  });

  r.post('/api/results/:id/approve', {
    config: { access: { permission: Perm.audit.result.approve }, idempotent: true },
    schema: { tags, summary: 'The auditor approves the result: publicity', params: idParam, response: stepAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'result in publicity',
      data: await results.audit(req.user!, req.params.id, 'approve_result'),
    }),
  });

  r.post('/api/results/:id/return', {
    config: { access: { permission: Perm.audit.result.reject }, idempotent: true },
    schema: {
      tags,
      summary: 'The auditor returns the result to the owner, with the reason',
      params: idParam,
      body: reasonBody,
      response: stepAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'result returned',
      data: await results.audit(req.user!, req.params.id, 'return_result', req.body.reason),
    }),
  });

  r.post('/api/results/:id/objections', {
    config: { access: { permission: Perm.web.project.list }, idempotent: true },
    schema: {
      tags,
      summary: 'A participant objects to the result in publicity, once, with a reason and files',
      params: idParam,
      body: objectionBody,
      response: objectionAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'objection filed',
      data: await results.object(req.user!, req.params.id, req.body),
    }),
  });

  r.post('/api/results/:id/objections/:objectionId/answer', {
    config: { access: { permission: Perm.selection.confirm.sign }, idempotent: true },
    schema: {
      tags,
      summary: 'The owner answers an objection',
      params: objectionParams,
      body: objectionAnswerBody,
      response: objectionAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'objection answered',
      data: await results.answer(req.user!, req.params.id, req.params.objectionId, req.body.answer),
    }),
  });

  r.post('/api/results/:id/objections/:objectionId/decide', {
    config: { access: { permission: [Perm.audit.result.approve, Perm.audit.result.reject] }, idempotent: true },
    schema: {
      tags,
      summary: 'The auditor upholds (next bidder or fail) or dismisses an objection, with the reason',
      params: objectionParams,
      body: objectionDecisionBody,
      response: objectionAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: `objection ${req.body.decision === 'uphold' ? 'upheld' : 'dismissed'}`,
      data: await results.decide(req.user!, req.params.id, req.params.objectionId, req.body),
    }),
  });

  r.post('/api/results/:id/award/confirm', {
    config: { access: { permission: Perm.web.project.list }, idempotent: true },
    schema: { tags, summary: 'The winner confirms the award', params: idParam, response: applicationAnswer },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'award confirmed',
      data: await results.answerAward(req.user!, req.params.id, 'confirm'),
    }),
  });

  r.post('/api/results/:id/award/decline', {
    config: { access: { permission: Perm.web.project.list }, idempotent: true },
    schema: {
      tags,
      summary: 'The winner declines the award, with the reason',
      params: idParam,
      body: reasonBody,
      response: applicationAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'award declined',
      data: await results.answerAward(req.user!, req.params.id, 'decline', req.body.reason),
    }),
  });

  r.post('/api/results/:id/declined', {
    config: { access: { permission: Perm.selection.confirm.sign }, idempotent: true },
    schema: {
      tags,
      summary: 'After a declined award the owner passes the result to the next bidder or fails the project',
      params: idParam,
      body: declinedChoiceBody,
      response: stepAnswer,
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: req.body.choice === 'next' ? 'result passed to the next bidder' : 'project failed',
      data: await results.afterDecline(req.user!, req.params.id, req.body),
    }),
  });
}
