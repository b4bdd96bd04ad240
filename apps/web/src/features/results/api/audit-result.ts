import { postResultStep } from './result-step';

/** The auditor approves the signed result into publicity. */
export const approveResult = (projectId: number) => postResultStep(projectId, 'approve');

/** The auditor returns the result to the owner, with the reason. */
export const returnResult = (projectId: number, reason: string) => postResultStep(projectId, 'return', { reason });
