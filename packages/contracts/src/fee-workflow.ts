import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * A project's service fee (DESIGN §7 "Service fee"): made when the winner confirms the award, at
 * the amount the fee bands give. The winner uploads the bank-transfer voucher; finance confirms it
 * or rejects it with a reason, and a rejected voucher may be replaced. A fee of zero is `waived`
 * from the start. Confirmed (or waived), the award notice is issued.
 */
export const FEE_STATUSES = ['unpaid', 'submitted', 'rejected', 'confirmed', 'waived'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

/** A fee settled: the award notice is issued and an accepted project completes. */
export const SETTLED_FEE_STATUSES = ['confirmed', 'waived'] as const satisfies readonly FeeStatus[];

/** The fee machine (docs/workflows.md, "Service fee"). */
export const feeWorkflow = defineWorkflow({
  subject: 'fee',
  statuses: FEE_STATUSES,
  events: [
    // The winner's voucher (the supplier's side: its own project only, checked by the service).
    { event: 'submit', from: ['unpaid', 'rejected'], to: 'submitted', permissions: [Perm.web.project.list] },
    { event: 'confirm', from: ['submitted'], to: 'confirmed', permissions: [Perm.selection.fee.confirm] },
    { event: 'reject', from: ['submitted'], to: 'rejected', permissions: [Perm.selection.fee.confirm], reason: true },
  ],
});
export type FeeEvent = (typeof feeWorkflow.events)[number]['event'];
