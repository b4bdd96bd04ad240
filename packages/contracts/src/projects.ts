import { z } from 'zod';
import { MAX_RECORD_ID, chosenId, recordId, recordIdParam } from './ids.ts';

/** Request schemas of master data and projects (issue "projects"). */

const status01 = z.enum(['0', '1']);
const nameFields = {
  name: z.string().trim().min(1, 'name is required').max(50),
  nameZh: z.string().trim().max(50).default(''),
  orderNum: z.number().int().min(0).max(9999).default(0),
  status: status01.default('0'),
};

/**
 * The three selection models (DESIGN §7), named once: code compares with these, never with 1, 2
 * or 3. The numbers are the spec's ("bidding models one, two and three") and the stored values.
 */
export const Model = { poolDraw: 1, priceCompetition: 2, bestValue: 3 } as const;
export type SelectionModel = (typeof Model)[keyof typeof Model];
/** The models that take sealed bids. */
export const SEALED_MODELS = [Model.priceCompetition, Model.bestValue] as const;
export const SELECTION_MODELS = [Model.poolDraw, Model.priceCompetition, Model.bestValue] as const;
export const selectionModel = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  message: 'model: 1 pool draw, 2 price competition, 3 best value',
});

export const projectTypeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,29}$/, 'code: lower-case letters, digits and _'),
  ...nameFields,
  /** Value limit in yuan (whole yuan). */
  valueLimit: z.number().int().min(1).max(100_000_000),
  /** Best value (model 3): the points of 100 the price carries; unchanged when absent. */
  priceWeight: z
    .number()
    .int('price weight: a whole number of points')
    .min(0, 'price weight: 0 to 100 points')
    .max(100, 'price weight: 0 to 100 points')
    .optional(),
  /** Best value: the technical criteria, each scored from 0 to its maximum; unchanged when absent. */
  scoreCriteria: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'criterion: a name is required').max(50),
        nameZh: z.string().trim().min(1, 'criterion: a Chinese name is required').max(50),
        max: z
          .number()
          .int('criterion: a whole number of points')
          .min(1, 'criterion: 1 to 100 points')
          .max(100, 'criterion: 1 to 100 points'),
      }),
    )
    .min(1, 'criteria: at least one')
    .max(10, 'criteria: at most 10')
    .optional(),
});
export const subCategoryBody = z.object({ typeId: recordId, ...nameFields });
export const placeBody = z.object({
  parentId: z.number().int().min(0).max(MAX_RECORD_ID).default(0),
  code: z.string().trim().max(12).optional(),
  ...nameFields,
});
export const departCategoryBody = z.object(nameFields);
export const processSettingBody = z.object({
  typeId: recordId,
  model: selectionModel,
  signupDays: z.number().int().min(1).max(60),
  bidWindowDays: z.number().int().min(0).max(60),
  publicityDays: z.number().int().min(1).max(30),
  requiredDocuments: z.string().trim().max(2000).default(''),
});

const money = z.number().int('amounts are in fen, whole numbers').min(0);
const instant = z.iso.datetime({ offset: true, message: 'a date and time with its offset' });

export const projectBody = z.object({
  name: z.string().trim().min(4, 'name: at least 4 characters').max(200),
  typeId: chosenId('choose the project type'),
  subCategoryId: recordId.nullable().optional(),
  placeId: chosenId('choose the place'),
  /** Budget in fen. */
  budget: money.min(1, 'budget: must be more than 0'),
  model: selectionModel,
  minParticipants: z.number().int().min(1).max(50),
  guaranteeRequired: z.boolean().default(false),
  guaranteeAmount: money.default(0),
  signupStart: instant,
  bidDeadline: instant,
  openingAt: instant,
  publicityDays: z.number().int().min(1).max(30),
  qualification: z.string().trim().max(5000).default(''),
  description: z.string().trim().max(20000).default(''),
  contactName: z.string().trim().min(1, 'contact: the name of the person to ask').max(50),
  contactTel: z
    .string()
    .trim()
    .regex(/^[0-9+\-() ]{6,30}$/, 'contact phone: 6 to 30 digits'),
  /** Names (as the upload answered) of the project documents. */
  documents: z
    .array(z.string().regex(/^[a-f0-9]{32}\.[a-z0-9]{2,5}$/))
    .max(20)
    .default([]),
});

export const reasonBody = z.object({ reason: z.string().trim().min(2, 'give the reason').max(1000) });

export const projectQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  code: z.string().trim().max(20).optional(),
  status: z.string().trim().max(20).optional(),
  typeId: recordIdParam.optional(),
  placeId: recordIdParam.optional(),
  model: z.coerce.number().int().min(1).max(3).optional(),
  ownerDeptId: recordIdParam.optional(),
  beginTime: z.iso.date().optional(),
  endTime: z.iso.date().optional(),
});

export const hallQuery = z.object({
  keyword: z.string().trim().max(100).optional(),
  typeId: recordIdParam.optional(),
  placeId: recordIdParam.optional(),
  model: z.coerce.number().int().min(1).max(3).optional(),
  status: z.enum(['open', 'closed', 'all']).default('all'),
  sort: z.enum(['published', 'deadline', 'budget']).default('published'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
