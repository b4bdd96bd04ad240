import type { declinedChoiceBody } from '@lvb/contracts/results';
import type { z } from 'zod';
import { postResultStep } from './result-step';

export type DeclinedChoice = z.input<typeof declinedChoiceBody>;

/** After the winner declined the award: the owner passes the result to the next bidder or fails the project. */
export const chooseAfterDecline = (projectId: number, choice: DeclinedChoice) =>
  postResultStep(projectId, 'declined', choice);
