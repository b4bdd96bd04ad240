import { objectionWorkflow, type ObjectionEvent } from '@lvb/contracts/objection-workflow';
import { text, type Text } from '../../i18n/text.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal, type FireContext } from '../../lib/workflow.ts';
import { objections } from './results.table.ts';

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<ObjectionEvent, Text> = {
  answer: text('answered', '答复'),
  uphold: text('upheld', '认定成立'),
  dismiss: text('dismissed', '认定不成立'),
};

const personOf = (ctx: FireContext<ObjectionEvent>) => (ctx.actor === 'system' ? null : ctx.actor.id);
const typed = (ctx: FireContext<ObjectionEvent>) => (typeof ctx.reason === 'string' ? ctx.reason.trim() : '');

/**
 * The objection workflow of packages/contracts on the shared engine. The owner's answer travels
 * as the event's reason (it is the answer's text, kept in `answer` and on the audit row); the
 * auditor's reason is the decision's.
 */
export function createObjectionMachine() {
  return createWorkflowEngine({
    workflow: objectionWorkflow,
    table: objections,
    reasonColumn: 'decisionReason',
    refusal: statusRefusal(text('objection', '异议'), 'objection_status', PAST),
    changedMeanwhile: text(
      'the objection changed meanwhile: reload it and try again',
      '异议已被他人处理，请刷新后重试',
    ),
    rules: {
      answer: { set: (ctx) => ({ answer: typed(ctx), answeredBy: personOf(ctx), answeredAt: DB_NOW }) },
      uphold: { set: (ctx) => ({ decidedBy: personOf(ctx), decidedAt: DB_NOW }) },
      dismiss: { set: (ctx) => ({ decidedBy: personOf(ctx), decidedAt: DB_NOW }) },
    },
  });
}
export type ObjectionMachine = ReturnType<typeof createObjectionMachine>;
