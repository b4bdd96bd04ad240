import type { z } from 'zod';

/**
 * A response shape as the browser receives it. The server's row schemas type timestamps as
 * `Date` (what the database driver returns); JSON carries them as ISO text. The web derives its
 * row types with `WireOf<typeof someRow>` so that it never writes a response shape a second time.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** The wire form of a zod schema's output. */
export type WireOf<S extends z.ZodType> = Wire<z.output<S>>;
