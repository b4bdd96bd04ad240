import { z } from 'zod';
import { openingRecord } from './bids.ts';
import { publicDraw } from './draws.ts';

/**
 * The live page of a project's draw or opening (`/live/:projectId`): its participants (the
 * owner's staff, supervisors, the bidders) follow it as it happens. Each read reports the reader
 * present; the page reads every few seconds, so "present" means seen within `LIVE_PRESENT_SECONDS`.
 * Before the opening nobody learns who else bids: bidders are counted, not named.
 */

/** How recently a participant must have been seen to count as present, at a step too. */
export const LIVE_PRESENT_SECONDS = 60;
/** How often the live page reads (and so reports its reader present). */
export const LIVE_POLL_MS = 3000;

export const LIVE_ROLES = ['owner', 'supervisor', 'staff', 'bidder'] as const;
export type LiveRole = (typeof LIVE_ROLES)[number];

export const livePerson = z.object({
  name: z.string(),
  role: z.enum(LIVE_ROLES),
  since: z.date(),
});

export const liveView = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  model: z.number(),
  status: z.string(),
  /** The opening or draw time. */
  openingAt: z.date(),
  /** The platform's clock (the business clock), for the countdown. */
  now: z.date(),
  /** How the reader takes part. */
  viewer: z.enum(LIVE_ROLES),
  /** Who is present now: staff by name, bidders counted (named once the bids are opened). */
  present: z.object({
    staff: z.array(livePerson),
    bidders: z.number(),
    bidderNames: z.array(z.string()).nullable(),
  }),
  /** Supervisors who confirmed presence at the opening and are present now. */
  witnesses: z.array(z.object({ name: z.string(), present: z.boolean() })),
  /** Sealed bids (models 2 and 3): the tie seed's commitment before, the record once opened. */
  tieCommitment: z.string().nullable(),
  opening: openingRecord.nullable(),
  /** The reader's own bid's receipt in the record, to find it (bidders only). */
  myApplicationId: z.number().nullable(),
  /** A pool draw (model 1): its published record. */
  draw: publicDraw.nullable(),
});
export type LiveView = z.infer<typeof liveView>;
