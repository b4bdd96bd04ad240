import { z } from 'zod';
import { attachedDocument } from './files.ts';

/**
 * Sealed bids (models 2 and 3) and their opening (DESIGN §7): request and response shapes of
 * `web/bidding2`, `web/bidding3` and `mandraw/opening`. No shape before the opening carries a price: the
 * receipt proves what was submitted without saying it.
 */

/** The highest price a bid may name, in fen: the highest value limit a project type may have. */
export const MAX_BID_FEN = 10_000_000_000;

export const bidBody = z.object({
  /** The price in fen (1/100 yuan). */
  priceFen: z
    .number()
    .int('price: a whole number of fen (1/100 yuan)')
    .min(1, 'price: must be more than 0')
    .max(MAX_BID_FEN, 'price: above the highest value limit'),
});

/** The most technical proposal files one best-value bid carries. */
export const MAX_PROPOSAL_FILES = 10;

/** A best-value bid (model 3): a sealed price and the technical proposal, uploaded files by name. */
export const proposalBidBody = bidBody.extend({
  proposals: z
    .array(z.string().min(1).max(100))
    .min(1, 'proposals: attach at least one technical proposal file')
    .max(MAX_PROPOSAL_FILES, 'proposals: at most 10 files'),
});

/** What a supplier keeps of a submission; its hash matches the opening record's line later. */
export const bidReceipt = z.object({
  bidId: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  companyName: z.string(),
  submittedAt: z.date(),
  /** SHA-256 (hex) of the canonical bid: project, application, price, time and a secret nonce. */
  receiptHash: z.string(),
});

/** A model-2 or model-3 project the supplier's company is qualified for, on `web/bidding2`. */
export const biddingProjectRow = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  status: z.string(),
  budget: z.number(),
  bidDeadline: z.date(),
  openingAt: z.date(),
  applicationId: z.number(),
  /** Whether the database clock is still before the bid deadline and the project takes bids. */
  open: z.boolean(),
  /** The receipt of the company's live bid, if it has one. */
  receipt: bidReceipt.nullable(),
  /** Set once the bids are opened: the record can be read. */
  openedAt: z.date().nullable(),
  /** A best-value bid's technical proposal files, as the live bid carries them (empty for a price-only bid). */
  proposals: z.array(attachedDocument),
});

/** One bid in an opening record, with everything needed to recompute its receipt. */
export const openedBid = z.object({
  /** 1 for the lowest valid price; null for a bid that does not count, and for every bid of a best-value project (its panel ranks). */
  rank: z.number().nullable(),
  bidId: z.number(),
  applicationId: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  priceFen: z.number(),
  receiptHash: z.string(),
  /** ISO 8601 UTC, as in the canonical bid. */
  submittedAt: z.string(),
  nonce: z.string(),
  valid: z.boolean(),
  /** Its price ties with another valid bid: the seeded draw ordered them. */
  tied: z.boolean(),
});

/** The opening record: written once, shown, printed and published to the bidders. */
export const openingRecord = z.object({
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  openedAt: z.string(),
  openedBy: z.string(),
  witness: z.string(),
  witnessedAt: z.string(),
  minParticipants: z.number(),
  /**
   * `ranked`: the project goes on to its result; `scoring`: a best-value project whose panel
   * scores the valid bids next; `failed`: too few valid bids.
   */
  outcome: z.enum(['ranked', 'scoring', 'failed']),
  reason: z.string().nullable(),
  /** The random seed of the tie draw (hex), published so that anyone can recompute the order. */
  tieSeed: z.string(),
  /** SHA-256 of the tie seed, as the announcement published it (null: announced before commitments). */
  tieCommitment: z.string().nullable().optional(),
  /** How the seed orders tied bids, in words. */
  tieRule: z.string(),
  /** How a receipt hash is computed from the fields of a bid, in words. */
  receiptRule: z.string(),
  bids: z.array(openedBid),
});

/** A supervisor's confirmed presence at an opening. */
export const openingWitness = z.object({ name: z.string(), signedAt: z.date() });

/** A project on `mandraw/opening`. */
export const openingRow = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  status: z.string(),
  bidDeadline: z.date(),
  openingAt: z.date(),
  minParticipants: z.number(),
  witnesses: z.array(openingWitness),
  openedAt: z.date().nullable(),
});

/** One project's opening: the project, who witnessed, and the record once it is opened. */
export const openingDetail = openingRow.extend({
  /** Whether the caller may confirm presence, and may open, now. */
  canWitness: z.boolean(),
  canOpen: z.boolean(),
  /** What an unopened opening still waits for: its time, or a supervisor's recent presence. */
  waitingFor: z.enum(['opening_time', 'witness']).nullable(),
  record: openingRecord.nullable(),
});

/** The tabs of `mandraw/opening`: waiting for the opening time, to open, opened. */
export const OPENING_TABS = ['closed', 'due', 'opened'] as const;
export const openingQuery = z.object({
  tab: z.enum(OPENING_TABS).default('due'),
  /** The selection model of the closed and due tabs: 2 price competition, 3 best value. */
  model: z.coerce
    .number()
    .pipe(z.union([z.literal(2), z.literal(3)]))
    .default(2),
  keyword: z.string().trim().max(50).optional(),
});
