import type { SignedInUser } from '../sessions/sessions.service.ts';

/**
 * Staff of the project's owner organisation: those who open its bids, assign its panel and
 * finalise its ranking (and, next, confirm its result). Named once so that every step asks the
 * same question.
 */
export const isOwnerStaff = (actor: Pick<SignedInUser, 'orgDeptId'>, project: { ownerDeptId: number }) =>
  actor.orgDeptId !== null && actor.orgDeptId === project.ownerDeptId;
