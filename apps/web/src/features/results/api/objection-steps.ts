import type { objectionDecisionBody } from '@lvb/contracts/results';
import type { z } from 'zod';
import { postResultStep } from './result-step';

export type ObjectionDecision = z.input<typeof objectionDecisionBody>;

/** The owner answers an objection (again, while it is undecided). */
export const answerObjection = (projectId: number, objectionId: number, answer: string) =>
  postResultStep(projectId, `objections/${objectionId}/answer`, { answer });

/** The auditor upholds (the result goes to the next bidder or the project fails) or dismisses. */
export const decideObjection = (projectId: number, objectionId: number, decision: ObjectionDecision) =>
  postResultStep(projectId, `objections/${objectionId}/decide`, decision);
