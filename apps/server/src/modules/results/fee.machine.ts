import { feeWorkflow, type FeeEvent } from '@lvb/contracts/fee-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal, type FireContext } from '../../lib/workflow.ts';
import { serviceFees } from './results.table.ts';

export type FeeRow = typeof serviceFees.$inferSelect;

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<FeeEvent, Text> = {
  submit: text('given a voucher', '上传缴费凭证'),
  confirm: text('confirmed', '确认到账'),
  reject: text('rejected', '退回'),
};

const personOf = (ctx: FireContext<FeeEvent>) => (ctx.actor === 'system' ? null : ctx.actor.id);

/**
 * The service-fee workflow of packages/contracts on the shared engine. The voucher's stored name
 * travels as the submit event's reason (the caller checked it is the winner's own upload; it is
 * kept in `voucher` and on the audit row); finance's decision records who and when, and `settled`
 * (completion.service.ts) issues the award notice and completes an accepted project in the
 * confirmation's transaction.
 */
export function createFeeMachine(deps: {
  settled: (tx: Tx, row: FeeRow, ctx: FireContext<FeeEvent>) => Promise<void>;
}) {
  return createWorkflowEngine({
    workflow: feeWorkflow,
    table: serviceFees,
    reasonColumn: 'rejectReason',
    refusal: statusRefusal(text('service fee', '服务费'), 'fee_status', PAST),
    changedMeanwhile: text(
      'the service fee changed meanwhile: reload it and try again',
      '服务费已被他人处理，请刷新后重试',
    ),
    rules: {
      submit: { set: (ctx) => ({ voucher: typeof ctx.reason === 'string' ? ctx.reason : null, voucherAt: DB_NOW }) },
      confirm: {
        set: (ctx) => ({ decidedBy: personOf(ctx), decidedAt: DB_NOW }),
        effect: (tx, row, ctx) => deps.settled(tx, row, ctx),
      },
      reject: { set: (ctx) => ({ decidedBy: personOf(ctx), decidedAt: DB_NOW }) },
    },
  });
}
export type FeeMachine = ReturnType<typeof createFeeMachine>;
