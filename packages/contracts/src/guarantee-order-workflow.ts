import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * A guarantee order (DESIGN §7 "Guarantee service"). The supplier saves a draft and submits it
 * (the premium is fixed then); the premium is paid by bank transfer: the supplier's voucher puts
 * the order `awaiting_payment` (the payment awaits finance's confirmation), finance confirms it
 * (`paid`) or sends it back with a reason (`submitted`, for another voucher). A paid order within
 * the product's auto-approve limit is issued at once by the system; above it, guarantee staff
 * underwrite: issue it, or reject it with a reason and the refund recorded. An issued letter ends
 * released (the project awarded to another company, or failed), expired (its end date), surrendered
 * (by the supplier before the bid deadline) or claimed (a claim paid).
 */
export const ORDER_STATUSES = [
  'draft',
  'submitted',
  'awaiting_payment',
  'paid',
  'underwriting',
  'issued',
  'rejected',
  'released',
  'expired',
  'surrendered',
  'claimed',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders that hold their application and kind: one live order per application and kind. */
export const LIVE_ORDER_STATUSES = [
  'draft',
  'submitted',
  'awaiting_payment',
  'paid',
  'underwriting',
  'issued',
] as const satisfies readonly OrderStatus[];

const SUPPLIER = [Perm.web.order.add] as const;

/** The order machine (docs/workflows.md, "Guarantee order"). */
export const guaranteeOrderWorkflow = defineWorkflow({
  subject: 'guarantee_order',
  statuses: ORDER_STATUSES,
  events: [
    { event: 'submit', from: ['draft'], to: 'submitted', permissions: SUPPLIER },
    { event: 'give_voucher', from: ['submitted'], to: 'awaiting_payment', permissions: SUPPLIER },
    { event: 'confirm_payment', from: ['awaiting_payment'], to: 'paid', permissions: [Perm.guarantee.order.payment] },
    {
      event: 'return_payment',
      from: ['awaiting_payment'],
      to: 'submitted',
      permissions: [Perm.guarantee.order.payment],
      reason: true,
    },
    // In the payment's transaction: at once within the product's auto-approve limit, else to staff.
    { event: 'auto_issue', from: ['paid'], to: 'issued', permissions: [], system: true },
    { event: 'start_underwriting', from: ['paid'], to: 'underwriting', permissions: [], system: true },
    { event: 'issue', from: ['underwriting'], to: 'issued', permissions: [Perm.guarantee.order.underwrite] },
    {
      event: 'reject',
      from: ['underwriting'],
      to: 'rejected',
      permissions: [Perm.guarantee.order.underwrite],
      reason: true,
    },
    {
      event: 'cancel',
      from: ['draft', 'submitted', 'awaiting_payment'],
      to: 'cancelled',
      permissions: [Perm.web.order.cancel],
    },
    { event: 'release', from: ['issued'], to: 'released', permissions: [], system: true },
    { event: 'expire', from: ['issued'], to: 'expired', permissions: [], system: true },
    { event: 'surrender', from: ['issued'], to: 'surrendered', permissions: [Perm.web.order.cancel], reason: true },
    // Paying a claim (guarantee-claim-workflow.ts) ends the letter in the claim's transaction.
    { event: 'claim_paid', from: ['issued'], to: 'claimed', permissions: [Perm.guarantee.letter.claim] },
  ],
});
export type OrderEvent = (typeof guaranteeOrderWorkflow.events)[number]['event'];
