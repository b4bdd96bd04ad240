import type { RESULT_STATUSES, resultRow } from '@lvb/contracts/results';
import type { WireOf } from '@lvb/contracts/wire';

/** The results of the projects in the caller's data scope (`GET`, paged) and their Excel (`/export`). */
export const RESULTS_URL = '/api/results';

export type ResultRow = WireOf<typeof resultRow>;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The list's filter as the server reads it (`resultQuery`). */
export interface ResultFilter {
  keyword?: string;
  status?: ResultStatus;
  model?: number;
}
