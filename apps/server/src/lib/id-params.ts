import { MAX_RECORD_ID, recordIdParam } from '@lvb/contracts/ids';
import { z } from 'zod';

export const idParam = z.object({ id: recordIdParam });

/** `/:ids` of a removal: comma-separated ids, at most 500. */
export const idsParam = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,499}$/, 'ids: comma-separated numbers')
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_RECORD_ID), 'ids: a number is not a record id'),
});
