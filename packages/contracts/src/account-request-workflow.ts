import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/** An owner organisation's request for a back-office account (POST /api/employee/register). */
export const ACCOUNT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AccountRequestStatus = (typeof ACCOUNT_REQUEST_STATUSES)[number];

/** The account request machine of bidperson/yezhu (docs/workflows.md has its diagram). */
export const accountRequestWorkflow = defineWorkflow({
  subject: 'account_request',
  statuses: ACCOUNT_REQUEST_STATUSES,
  events: [
    // Approval creates the organisation (when new) and its owner account, in the same transaction.
    { event: 'approve', from: ['pending'], to: 'approved', permissions: [Perm.people.owner.add] },
    { event: 'reject', from: ['pending'], to: 'rejected', permissions: [Perm.people.owner.add], reason: true },
  ],
});
export type AccountRequestEvent = (typeof accountRequestWorkflow.events)[number]['event'];
