import { z } from 'zod';
import { CLAIM_STATUSES } from './guarantee-claim-workflow.ts';
import { ORDER_STATUSES } from './guarantee-order-workflow.ts';
import { timelineEntry } from './project-rows.ts';

/**
 * The guarantee service (DESIGN §7 "Guarantee service"): products, letter templates, orders and
 * the premium. Money in fen; rates as decimals (0.003 is 0.3%).
 */

/** The kinds of guarantee (dictionary `guarantee_kind`). */
export const GUARANTEE_KINDS = ['bid', 'performance', 'advance', 'quality', 'wage'] as const;
export type GuaranteeKind = (typeof GUARANTEE_KINDS)[number];

/** A tier of a product's rates: guaranteed amounts up to `upToYuan` (null: any above) at `rate`. */
export type PremiumTier = readonly [upToYuan: number | null, rate: number];

/** Rates as whole parts per million, so that 0.0035 is exact and so is the product. */
const PPM = 1_000_000;

/**
 * The premium of a guaranteed amount: the rate of the first tier whose bound covers the amount,
 * times the amount, rounded half up to the fen, and at least the minimum. Null when no tier covers
 * the amount (the product does not guarantee so much).
 */
export function premiumFen(amountFen: number, tiers: readonly PremiumTier[], minPremiumFen: number): number | null {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0)
    throw new RangeError('amountFen: a whole number of fen above 0');
  const tier = tiers.find(([upTo]) => upTo === null || amountFen <= Math.round(upTo * 100));
  if (!tier) return null;
  const ratePpm = Math.round(tier[1] * PPM);
  // amountFen × ratePpm stays exact below 2^53 for amounts under ¥90 billion at 1%.
  const premium = Math.floor((amountFen * ratePpm + PPM / 2) / PPM);
  return Math.max(premium, minPremiumFen);
}

const tiers = z
  .array(
    z.tuple([
      z.number().positive('rate tiers: each bound above 0').nullable(),
      z.number().min(0, 'rate tiers: a rate of 0 to 10%').max(0.1, 'rate tiers: a rate of 0 to 10%'),
    ]),
  )
  .min(1, 'rate tiers: at least one')
  .max(10, 'rate tiers: at most 10')
  .refine(
    (t) => t.every(([upTo], i) => i === 0 || upTo === null || (t[i - 1]![0] !== null && upTo > t[i - 1]![0]!)),
    'rate tiers: bounds rising, an open one (null) only last',
  );

export const productBody = z.object({
  name: z.string().trim().min(2, 'name: at least 2 characters').max(100),
  nameZh: z.string().trim().min(2, 'Chinese name: at least 2 characters').max(100),
  kind: z.enum(GUARANTEE_KINDS, { error: 'kind: choose the kind of guarantee' }),
  rateTiers: tiers,
  minPremiumFen: z
    .number()
    .int('minimum premium: a whole number of fen (1/100 yuan)')
    .min(0, 'minimum premium: may not be negative'),
  validityDays: z.number().int().min(1, 'validity: 1 to 1095 days').max(1095, 'validity: 1 to 1095 days'),
  /** Paid orders up to this guaranteed amount are issued at once (0: every order is underwritten). */
  autoApproveLimitFen: z
    .number()
    .int('auto-approve limit: a whole number of fen (1/100 yuan)')
    .min(0, 'auto-approve limit: may not be negative'),
  templateId: z.number().int().positive('choose the letter template'),
  onShelf: z.boolean().default(false),
  description: z.string().trim().max(2000).default(''),
});
export type ProductBody = z.infer<typeof productBody>;

export const productRow = productBody.extend({
  id: z.number(),
  templateName: z.string(),
  updatedAt: z.date(),
});

/**
 * A letter template: Chinese and English text with placeholders, the letterhead and seal images
 * (stored names from POST /api/letter/letterModel/uploadFile).
 */
export const TEMPLATE_PLACEHOLDERS = [
  'beneficiary',
  'applicant',
  'project',
  'projectCode',
  'amount',
  'amountInWords',
  'validFrom',
  'validTo',
  'letterNo',
] as const;
const storedName = z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, 'not a file name this server issued');
export const templateBody = z.object({
  name: z.string().trim().min(2, 'name: at least 2 characters').max(100),
  /** Text with {{placeholders}}; paragraphs separated by blank lines. */
  bodyZh: z.string().trim().min(10, 'Chinese text: write the letter').max(10_000),
  bodyEn: z.string().trim().max(10_000).default(''),
  letterhead: storedName.nullable().default(null),
  seal: storedName.nullable().default(null),
});
export type TemplateBody = z.infer<typeof templateBody>;
export const templateRow = templateBody.extend({ id: z.number(), updatedAt: z.date() });

/** The supplier's order: a product for one of its applications, the guaranteed amount. */
export const orderBody = z.object({
  applicationId: z.number().int().positive('choose the application'),
  productId: z.number().int().positive('choose the product'),
  amountFen: z
    .number()
    .int('guaranteed amount: a whole number of fen (1/100 yuan)')
    .min(1, 'guaranteed amount: must be more than 0'),
});
export type OrderBody = z.infer<typeof orderBody>;

/** What the premium of an order would be, before it is made (`GET /api/guarantee/quote`). */
export const quoteQuery = z.object({
  productId: z.coerce.number().int().positive(),
  amountFen: z.coerce.number().int().min(1),
});
export const quote = z.object({ premiumFen: z.number(), rate: z.number(), minPremiumFen: z.number() });

export const orderRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  applicationId: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  /** The beneficiary: the project's owner organisation. */
  beneficiary: z.string(),
  productId: z.number(),
  productName: z.string(),
  kind: z.enum(GUARANTEE_KINDS),
  amountFen: z.number(),
  premiumFen: z.number(),
  status: z.enum(ORDER_STATUSES),
  statusReason: z.string().nullable(),
  voucher: z.string().nullable(),
  /** The refund recorded when underwriting rejected a paid order. */
  refundFen: z.number().nullable(),
  letterNo: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  issuedAt: z.date().nullable(),
  /** The project's bid deadline: a bid letter may be surrendered before it. */
  bidDeadline: z.date(),
  createdAt: z.date(),
});

export const orderQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  kind: z.enum(GUARANTEE_KINDS).optional(),
});
export const orderVoucherBody = z.object({ voucher: storedName });
export const rejectOrderBody = z.object({
  reason: z.string().trim().min(2, 'give the reason').max(1000),
  /** The premium refunded to the supplier, in fen (at most the premium paid). */
  refundFen: z.number().int('refund: a whole number of fen (1/100 yuan)').min(0, 'refund: may not be negative'),
});

/** An application a guarantee may be ordered for, and the kinds it may take now. */
export const guaranteeApplication = z.object({
  applicationId: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  beneficiary: z.string(),
  kinds: z.array(z.enum(GUARANTEE_KINDS)),
  suggestedAmountFen: z.number(),
  bidDeadline: z.date(),
});

/** The public check of a letter by its number and verification code. */
export const verifyLetterQuery = z.object({
  letterNo: z.string().trim().min(1, 'letter number: required').max(40),
  code: z.string().trim().min(1, 'verification code: required').max(20),
});
export const letterVerification = z.object({
  letterNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  kind: z.enum(GUARANTEE_KINDS),
  beneficiary: z.string(),
  applicant: z.string(),
  projectCode: z.string(),
  projectName: z.string(),
  amountFen: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  issuedAt: z.date(),
});
/** Whether an uploaded file is, byte for byte, a letter the platform issued. */
export const letterFileVerification = z.object({
  matches: z.boolean(),
  sha256: z.string(),
  letterNo: z.string().nullable(),
  status: z.enum(ORDER_STATUSES).nullable(),
});

/** The supplier gives up its issued bid letter before the bid deadline. */
export const surrenderBody = z.object({ reason: z.string().trim().min(2, 'give the reason').max(1000) });

/** The beneficiary's claim on the letter an application holds, with its reason and files. */
export const claimBody = z.object({
  applicationId: z.number().int().positive('choose the application'),
  amountFen: z
    .number()
    .int('claimed amount: a whole number of fen (1/100 yuan)')
    .min(1, 'claimed amount: must be more than 0'),
  reason: z.string().trim().min(2, 'give the reason').max(2000),
  /** Stored names of files the caller uploaded through /common/upload (up to 10). */
  files: z.array(storedName).max(10).default([]),
});
export type ClaimBody = z.infer<typeof claimBody>;

export const claimRow = z.object({
  id: z.number(),
  claimNo: z.string(),
  orderId: z.number(),
  letterNo: z.string(),
  kind: z.enum(GUARANTEE_KINDS),
  /** The applicant: the company whose letter is claimed on. */
  companyName: z.string(),
  applicationId: z.number(),
  projectId: z.number(),
  projectCode: z.string(),
  projectName: z.string(),
  beneficiary: z.string(),
  letterAmountFen: z.number(),
  amountFen: z.number(),
  reason: z.string(),
  status: z.enum(CLAIM_STATUSES),
  /** The refusal's reason. */
  statusReason: z.string().nullable(),
  files: z.array(z.string()),
  /** The names the uploader gave the files (stored name → original name). */
  fileNames: z.record(z.string(), z.string()),
  filedByName: z.string(),
  decidedAt: z.date().nullable(),
  createdAt: z.date(),
});
export const claimQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
});

/** One order with its timeline (every step, oldest first) and the claims on its letter. */
export const orderDetail = orderRow.extend({
  timeline: z.array(timelineEntry),
  claims: z.array(claimRow),
});

/**
 * The guarantee an application holds: an issued letter of the platform (`verified`, with its
 * order) or a number given for a letter from elsewhere, for the owner's check.
 */
export const applicationGuarantee = z.object({
  letterNo: z.string(),
  verified: z.boolean(),
  orderId: z.number().nullable(),
  status: z.enum(ORDER_STATUSES).nullable(),
  amountFen: z.number().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  issuedAt: z.date().nullable(),
  claims: z.array(claimRow),
});

/** The company's issued bid letters for an application's project, and whether each suffices. */
export const letterChoice = z.object({
  orderId: z.number(),
  letterNo: z.string(),
  amountFen: z.number(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Amount at least the project's bid guarantee and valid to the bid deadline. */
  sufficient: z.boolean(),
  /** Whether the application holds this letter now. */
  taken: z.boolean(),
});

/** The application takes one of the company's issued letters, or names a letter from elsewhere. */
export const takeLetterBody = z
  .object({
    orderId: z.number().int().positive().optional(),
    letterNo: z.string().trim().min(1, 'letter number: required').max(40).optional(),
  })
  .refine(
    (b) => (b.orderId === undefined) !== (b.letterNo === undefined),
    'choose an issued letter or give the number of a letter from elsewhere',
  );
