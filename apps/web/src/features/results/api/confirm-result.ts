import type { Confirmation } from './result-detail';
import { postResultStep } from './result-step';

/** The owner confirms the proposed winner and signs: the server answers the signed confirmation. */
export const confirmResult = (projectId: number) => postResultStep<Confirmation>(projectId, 'confirm');
