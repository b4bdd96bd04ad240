import { z } from 'zod';

/** The largest id a record can have: ids are PostgreSQL `integer` columns. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id in a body. Bounded by the column type, so an id past the range is a validation
 * error with a message, not a database overflow.
 */
export const recordId = z.number().int().positive().max(MAX_RECORD_ID);

/** A record's id in a path or query string, where it arrives as text. */
export const recordIdParam = z.coerce.number().int().positive().max(MAX_RECORD_ID);

/** A record the user must choose (a department, a type): `message` says what to choose. */
export const chosenId = (message: string) =>
  z.number({ message }).int({ message }).positive({ message }).max(MAX_RECORD_ID, { message });
