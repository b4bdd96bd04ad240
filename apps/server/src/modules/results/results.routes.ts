import { Perm } from '@lvb/contracts/permissions';
import { reasonBody } from '@lvb/contracts/projects';
import {
  publicResult,
  publicResultQuery,
  publicResultRow,
  resultQuery,
  resultRow,
  supplierResult,
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
import { languageOf } from '../../i18n/text.ts';
import { headerIn, streamExcel, type ExcelColumn } from '../../lib/excel.ts';
import { idParam } from '../../lib/id-params.ts';
import { listAnswer, pageOf, pageQuery } from '../../lib/paging.ts';
import { okWith } from '../../lib/route-helpers.ts';
import { statusLabel } from '../../lib/workflow.ts';
import type { ResultViews } from './result-views.service.ts';
import type { ResultsService } from './results.service.ts';

/** Every page that lists and opens results: bidres, confirmsign, audit/proaudit, result, resultpub. */
const LIST_READERS = [
  Perm.bid.result.list,
  Perm.bid.result.query,
  Perm.selection.result.query,
  Perm.selection.confirm.list,
  Perm.selection.audit.list,
  Perm.audit.result.list,
  Perm.selection.result.list,
  Perm.selection.publish.list,
];
const objectionParams = z.object({ id: recordIdParam, objectionId: recordIdParam });
const stepAnswer = { 200: okWith({ data: resultStep }) };
const objectionAnswer = { 200: okWith({ data: objectionStep }) };
const applicationAnswer = { 200: okWith({ data: z.object({ id: z.number(), status: z.string() }) }) };

/**
 * `mandraw/confirmsign` (the owner confirms and signs, answers objections, chooses after a
 * declined award), `manager/proaudit` (the auditor approves or returns, decides objections), and
 * the supplier's objection and answer to its award. Every step takes an Idempotency-Key.
 */
export async function resultsRoutes(
  app: FastifyInstance,
  { results, views }: { results: ResultsService; views: ResultViews },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['results'];

  r.get('/api/results', {
    config: { access: { permission: LIST_READERS } },
    schema: {
      tags,
      summary: "Results of the projects in the caller's scope: winner, amount, publicity, objections, signature",
      querystring: resultQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(resultRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await views.list(req.user!, req.query, pageOf(req.query))),
    }),
  });

  r.get('/api/results/export', {
    config: { access: { permission: [Perm.bid.result.export, Perm.selection.result.export] } },
    schema: { tags, summary: 'Export the filtered results to Excel', querystring: resultQuery },
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const h = headerIn(lang);
      const columns: ExcelColumn<z.output<typeof resultRow>>[] = [
        { header: h('Code', '项目编号'), width: 20, value: (x) => x.code },
        { header: h('Project', '项目名称'), width: 36, value: (x) => x.name },
        { header: h('Owner', '业主单位'), width: 24, value: (x) => x.ownerName },
        {
          header: h('Model', '选取方式'),
          width: 14,
          value: (x) => statusLabel('selection_model', String(x.model))[lang],
        },
        { header: h('Status', '状态'), width: 14, value: (x) => statusLabel('project_status', x.status)[lang] },
        { header: h('Budget (yuan)', '预算金额（元）'), width: 16, value: (x) => x.budgetFen / 100 },
        { header: h('Winner', '中选单位'), width: 28, value: (x) => x.winnerName ?? '' },
        {
          header: h('Amount (yuan)', '中选金额（元）'),
          width: 16,
          value: (x) => (x.amountFen === null ? '' : x.amountFen / 100),
        },
        { header: h('Publicity ends', '公示截止'), width: 18, value: (x) => x.publicityEndsAt },
        { header: h('Open objections', '未决异议'), width: 12, value: (x) => x.openObjections },
        { header: h('Signed', '签章时间'), width: 18, value: (x) => x.confirmedAt },
        { header: 'SHA-256', width: 66, value: (x) => x.hash ?? '' },
      ];
      return streamExcel(reply, lang === 'zh' ? '选取结果.xlsx' : 'results.xlsx', columns, (page) =>
        views.list(req.user!, req.query, page).then((r) => r.rows),
      );
    },
  });

  r.get('/api/public/results', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: '/resultpub: results in publicity, awarded results, failed projects',
      querystring: publicResultQuery.extend(pageQuery.shape),
      response: { 200: listAnswer(publicResultRow) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      ...(await views.publicList(req.query, pageOf(req.query), languageOf(req))),
    }),
  });

  r.get('/api/public/results/:id', {
    config: { access: { public: true } },
    schema: {
      tags,
      summary: "A project's published result: ranking, winner, amount, publicity, objections (404 before it has one)",
      params: idParam,
      response: { 200: okWith({ data: publicResult }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await views.publicDetail(req.params.id, languageOf(req)),
    }),
  });

  r.get('/api/supplier/results/:id', {
    config: { access: { permission: Perm.web.project.list } },
    schema: {
      tags,
      summary: "A participant's view of a project's result: its objection, its award, its fee and award notice",
      params: idParam,
      response: { 200: okWith({ data: supplierResult }) },
    },
    handler: async (req) => ({
      code: 200 as const,
      msg: 'ok',
      data: await views.forSupplier(req.user!, req.params.id, languageOf(req)),
    }),
  });

  r.get('/api/results/:id', {
    config: { access: { permission: LIST_READERS } },
    schema: {
      tags,
      summary: "A project's result: ranking, proposed winner, confirmation, publicity and objections",
      params: idParam,
      response: { 200: okWith({ data: projectResult }) },
    },
    handler: async (req) => ({ code: 200 as const, msg: 'ok', data: await results.detail(req.user!, req.params.id) }),
  });

  r.get('/api/results/:id/confirmation', {
    config: { access: { permission: LIST_READERS } },
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
    config: { access: { permission: [Perm.audit.result.approve, Perm.selection.audit.approve] }, idempotent: true },
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
