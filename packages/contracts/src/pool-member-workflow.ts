import { Perm } from './permissions.ts';
import { defineWorkflow } from './workflow.ts';

/**
 * A contractor's membership of the pool (DESIGN §7 model 1): active members are drawn from;
 * pool staff suspend one with a reason (it is drawn no more) and reinstate it.
 */
export const POOL_MEMBER_STATUSES = ['active', 'suspended'] as const;
export type PoolMemberStatus = (typeof POOL_MEMBER_STATUSES)[number];

export const poolMemberWorkflow = defineWorkflow({
  subject: 'pool_member',
  statuses: POOL_MEMBER_STATUSES,
  events: [
    { event: 'suspend', from: ['active'], to: 'suspended', permissions: [Perm.pool.member.edit], reason: true },
    { event: 'reinstate', from: ['suspended'], to: 'active', permissions: [Perm.pool.member.edit] },
  ],
});
export type PoolMemberEvent = (typeof poolMemberWorkflow.events)[number]['event'];
