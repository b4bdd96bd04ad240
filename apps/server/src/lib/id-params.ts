import { z } from 'zod';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** `/:ids` of a removal: comma-separated ids, at most 500. */
export const idsParam = z.object({
  ids: z
    .string()
    .regex(/^\d+(,\d+){0,499}$/, 'ids: comma-separated numbers')
    .transform((s) => [...new Set(s.split(',').map(Number))]),
});
