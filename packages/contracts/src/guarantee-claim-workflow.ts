import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * A claim on an issued letter (DESIGN §7 "Guarantee service"): the beneficiary (the project
 * owner's organisation) files it with a reason and files; guarantee staff pay it (the order ends
 * `claimed`) or refuse it with a reason (the letter stays in force). One open claim per letter.
 */
export const CLAIM_STATUSES = ['filed', 'paid', 'refused'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const guaranteeClaimWorkflow = defineWorkflow({
  subject: 'guarantee_claim',
  statuses: CLAIM_STATUSES,
  events: [
    { event: 'pay', from: ['filed'], to: 'paid', permissions: [Perm.guarantee.letter.claim] },
    { event: 'refuse', from: ['filed'], to: 'refused', permissions: [Perm.guarantee.letter.claim], reason: true },
  ],
});
export type ClaimEvent = (typeof guaranteeClaimWorkflow.events)[number]['event'];
