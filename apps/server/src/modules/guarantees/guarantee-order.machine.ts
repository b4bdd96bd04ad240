import { guaranteeOrderWorkflow, type OrderEvent } from '@lvb/contracts/guarantee-order-workflow';
import type { Tx } from '../../db/client.ts';
import { text, type Text } from '../../i18n/text.ts';
import { DB_NOW } from '../../lib/clock.ts';
import { createWorkflowEngine, statusRefusal, type FireContext } from '../../lib/workflow.ts';
import { guaranteeOrders } from './guarantees.table.ts';

export type OrderRow = typeof guaranteeOrders.$inferSelect;

/** What an event does, for the refusal of an event its status does not allow. */
const PAST: Record<OrderEvent, Text> = {
  submit: text('submitted', '提交'),
  give_voucher: text('given a voucher', '上传付款凭证'),
  confirm_payment: text('confirmed as paid', '确认收款'),
  return_payment: text('returned to the supplier', '退回付款凭证'),
  auto_issue: text('issued', '出函'),
  start_underwriting: text('underwritten', '转入审核'),
  issue: text('issued', '出函'),
  reject: text('rejected', '拒绝'),
  cancel: text('cancelled', '取消'),
  release: text('released', '解除'),
  expire: text('expired', '到期'),
  surrender: text('surrendered', '退保'),
  claim_paid: text('claimed', '理赔'),
};

const personOf = (ctx: FireContext<OrderEvent>) => (ctx.actor === 'system' ? null : ctx.actor.id);

/**
 * The guarantee order workflow of packages/contracts on the shared engine. The voucher's stored
 * name travels as the give_voucher event's reason (the caller checked it is the supplier's own
 * upload); the refund of a rejection is passed in `refundFen` by the service through `set`;
 * `paid` (guarantees.service.ts) issues at once or starts underwriting in the confirmation's
 * transaction, and `issued` makes the letter in the issuing transaction.
 */
type Step = (tx: Tx, row: OrderRow, ctx: FireContext<OrderEvent>) => Promise<void>;

export function createOrderMachine(deps: {
  paid: Step;
  issued: Step;
  /** Tells the ordering company of a step someone else took (guarantee-notices.ts). */
  tell: Step;
  /** Refuses a surrender once the project's bid deadline has passed, by the database clock. */
  checkSurrender: Step;
  refundFen?: number;
}) {
  const issueAndTell: Step = async (tx, row, ctx) => {
    await deps.issued(tx, row, ctx);
    await deps.tell(tx, row, ctx);
  };
  return createWorkflowEngine({
    workflow: guaranteeOrderWorkflow,
    table: guaranteeOrders,
    reasonColumn: 'statusReason',
    refusal: statusRefusal(text('guarantee order', '保函订单'), 'order_status', PAST),
    changedMeanwhile: text(
      'the guarantee order changed meanwhile: reload it and try again',
      '保函订单已被他人处理，请刷新后重试',
    ),
    rules: {
      submit: { set: () => ({ statusReason: null }) },
      give_voucher: {
        set: (ctx) => ({ voucher: typeof ctx.reason === 'string' ? ctx.reason : null, voucherAt: DB_NOW }),
      },
      confirm_payment: {
        set: (ctx) => ({ decidedBy: personOf(ctx), paidAt: DB_NOW, statusReason: null }),
        effect: (tx, row, ctx) => deps.paid(tx, row, ctx),
      },
      return_payment: { set: (ctx) => ({ decidedBy: personOf(ctx) }), effect: deps.tell },
      start_underwriting: { effect: deps.tell },
      auto_issue: { effect: issueAndTell },
      issue: { set: (ctx) => ({ decidedBy: personOf(ctx) }), effect: issueAndTell },
      reject: { set: (ctx) => ({ decidedBy: personOf(ctx), refundFen: deps.refundFen ?? 0 }), effect: deps.tell },
      release: { effect: deps.tell },
      expire: { effect: deps.tell },
      surrender: { guard: deps.checkSurrender },
    },
  });
}
export type OrderMachine = ReturnType<typeof createOrderMachine>;
