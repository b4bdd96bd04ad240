import { z } from 'zod';
import { MAX_BID_FEN } from './bids.ts';
import { FEE_STATUSES } from './fee-workflow.ts';

/**
 * After the award (DESIGN §7 "Contract completion", "Service fee", "Acceptance"): the owner's
 * contract data, the platform's service fee and its voucher, the award notice, the acceptance.
 */

/** Stored names of files the caller uploaded through /common/upload. */
const storedFiles = (min: number, message: string) =>
  z
    .array(z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, 'not a file name this server issued'))
    .min(min, message)
    .max(10, 'files: at most 10');
const day = (message: string) => z.iso.date({ message });

export const contractBody = z
  .object({
    contractNo: z.string().trim().min(1, 'contract number: required').max(50, 'contract number: at most 50 characters'),
    /** The contract's amount in fen (it may differ from the award: the parties' agreement). */
    amountFen: z
      .number()
      .int('contract amount: a whole number of fen (1/100 yuan)')
      .min(1, 'contract amount: must be more than 0')
      .max(MAX_BID_FEN, 'contract amount: above the highest value limit'),
    signedOn: day('signing date: a date such as 2026-12-01'),
    periodStart: day('period start: a date such as 2026-12-01'),
    periodEnd: day('period end: a date such as 2027-03-01'),
    files: storedFiles(1, 'files: attach the signed contract'),
  })
  .refine((c) => c.periodEnd >= c.periodStart, {
    path: ['periodEnd'],
    message: 'period end: on or after its start',
  });
export type ContractBody = z.infer<typeof contractBody>;

export const contractRecord = z.object({
  contractNo: z.string(),
  amountFen: z.number(),
  signedOn: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  files: z.array(z.string()),
  recordedBy: z.string(),
  recordedAt: z.date(),
});

/** One band of the fee's computation (packages/contracts service-fee.ts). */
export const feeBandRow = z.object({
  fromFen: z.number(),
  toFen: z.number().nullable(),
  rate: z.number(),
  partFen: z.number(),
  feeFen: z.number(),
});

export const feeRecord = z.object({
  id: z.number(),
  projectId: z.number(),
  applicationId: z.number(),
  companyName: z.string(),
  /** The award amount the fee is computed from, and the fee, in fen. */
  awardFen: z.number(),
  feeFen: z.number(),
  bands: z.array(feeBandRow),
  status: z.enum(FEE_STATUSES),
  /** The current voucher's stored name (download through /common/download). */
  voucher: z.string().nullable(),
  voucherAt: z.date().nullable(),
  /** Finance's reason for the last rejection. */
  rejectReason: z.string().nullable(),
  decidedAt: z.date().nullable(),
  createdAt: z.date(),
});

export const awardNoticeRecord = z.object({
  /** The notice's number, e.g. ZX2026112600012. */
  number: z.string(),
  issuedAt: z.date(),
  /** Lowercase hex SHA-256 of the PDF as issued. */
  sha256: z.string(),
  bytes: z.number(),
});

export const ACCEPTANCE_CONCLUSIONS = ['passed', 'failed'] as const;
export const acceptanceBody = z
  .object({
    inspectedOn: day('inspection date: a date such as 2027-03-01'),
    conclusion: z.enum(ACCEPTANCE_CONCLUSIONS, { error: 'conclusion: passed or failed' }),
    remarks: z.string().trim().max(2000, 'remarks: at most 2000 characters').default(''),
    files: storedFiles(0, 'files: at most 10').default([]),
  })
  .refine((a) => a.conclusion === 'passed' || a.remarks.length >= 2, {
    path: ['remarks'],
    message: 'remarks: say what failed the inspection',
  });
export type AcceptanceBody = z.infer<typeof acceptanceBody>;

export const acceptanceRecord = z.object({
  inspectedOn: z.string(),
  conclusion: z.enum(ACCEPTANCE_CONCLUSIONS),
  remarks: z.string(),
  files: z.array(z.string()),
  recordedBy: z.string(),
  recordedAt: z.date(),
});

/** Everything after the award of one project, as `mandraw/improve`, `mandraw/fee` and `bidmanager/bidys` show it. */
export const completionDetail = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  status: z.string(),
  winnerApplicationId: z.number().nullable(),
  winnerName: z.string().nullable(),
  /** The application's status: won (awaiting its answer), confirmed, declined. */
  winnerStatus: z.string().nullable(),
  awardFen: z.number().nullable(),
  contract: contractRecord.nullable(),
  fee: feeRecord.nullable(),
  awardNotice: awardNoticeRecord.nullable(),
  acceptance: acceptanceRecord.nullable(),
  /** The names the uploaders gave the files above (stored name → original name), to show them. */
  fileNames: z.record(z.string(), z.string()),
});

export const voucherBody = z.object({
  /** The stored name of the voucher the winner uploaded (an image or a PDF). */
  voucher: z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/, 'voucher: upload the bank-transfer voucher'),
});

/** The lists of the completion pages: projects from the award on, in the caller's scope. */
export const completionQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(['awarded', 'contracted', 'accepted', 'completed']).optional(),
});
export const completionRow = z.object({
  projectId: z.number(),
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
  status: z.string(),
  winnerName: z.string().nullable(),
  winnerStatus: z.string().nullable(),
  awardFen: z.number().nullable(),
  contractNo: z.string().nullable(),
  feeFen: z.number().nullable(),
  feeStatus: z.enum(FEE_STATUSES).nullable(),
  acceptance: z.enum(ACCEPTANCE_CONCLUSIONS).nullable(),
  awardedAt: z.date().nullable(),
});

/** `mandraw/fee`: service fees by status. */
export const feeQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  status: z.enum(FEE_STATUSES).optional(),
});
export const feeRow = feeRecord.omit({ bands: true }).extend({
  code: z.string(),
  name: z.string(),
  ownerName: z.string(),
});
