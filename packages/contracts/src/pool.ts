import { z } from 'zod';
import { chosenId, recordId } from './ids.ts';
import { POOL_MEMBER_STATUSES } from './pool-member-workflow.ts';
import { timelineEntry } from './project-rows.ts';

/**
 * The contractor pool (DESIGN §7 model 1): pre-qualified supplier companies by project type
 * (optionally a sub-category) and region, each valid between two platform dates; the pool draw
 * picks among the active members valid on the draw's day whose region covers the project's place.
 * Dates are `YYYY-MM-DD` in the platform's zone.
 */

const day = (message: string) => z.iso.date({ message });

export const poolMemberBody = z
  .object({
    companyId: chosenId('choose the company'),
    typeId: chosenId('choose the project type'),
    subCategoryId: recordId.nullable().default(null),
    placeId: chosenId('choose the region'),
    validFrom: day('valid from: a date such as 2026-12-01'),
    validTo: day('valid to: a date such as 2027-12-01'),
    remark: z.string().trim().max(500, 'remark: at most 500 characters').default(''),
  })
  .refine((m) => m.validTo >= m.validFrom, { path: ['validTo'], message: 'valid to: on or after valid from' });
export type PoolMemberBody = z.infer<typeof poolMemberBody>;

export const poolMemberQuery = z.object({
  /** In the company's name or unified credit code. */
  keyword: z.string().trim().max(100).optional(),
  typeId: z.coerce.number().int().positive().optional(),
  /** The region itself (members registered for it exactly). */
  placeId: z.coerce.number().int().positive().optional(),
  status: z.enum(POOL_MEMBER_STATUSES).optional(),
  /** Members valid on this day. */
  validOn: z.iso.date().optional(),
});
export type PoolMemberQuery = z.infer<typeof poolMemberQuery>;

export const poolMemberRow = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  creditCode: z.string(),
  typeId: z.number(),
  typeName: z.string(),
  typeNameZh: z.string(),
  subCategoryId: z.number().nullable(),
  subCategoryName: z.string().nullable(),
  subCategoryNameZh: z.string().nullable(),
  placeId: z.number(),
  placeName: z.string(),
  placeNameZh: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  remark: z.string(),
  status: z.enum(POOL_MEMBER_STATUSES),
  statusReason: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PoolMemberRow = z.infer<typeof poolMemberRow>;

/** The detail: the row, every move of it, and the events the caller may fire now. */
export const poolMemberDetail = poolMemberRow.extend({
  timeline: z.array(timelineEntry),
  actions: z.array(z.enum(['suspend', 'reinstate'])),
});

/** One refusal of an import: the sheet's row (1 is the header), the column's header, the reason. */
export const poolImportError = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type PoolImportError = z.infer<typeof poolImportError>;

/** The import's columns, in the order of the template: English and Chinese headers. */
export const POOL_IMPORT_COLUMNS = [
  { key: 'creditCode', en: 'Unified credit code', zh: '统一社会信用代码' },
  { key: 'type', en: 'Project type', zh: '项目类型' },
  { key: 'subCategory', en: 'Sub-category', zh: '项目子类' },
  { key: 'region', en: 'Region', zh: '区域' },
  { key: 'validFrom', en: 'Valid from', zh: '有效期起' },
  { key: 'validTo', en: 'Valid to', zh: '有效期止' },
  { key: 'remark', en: 'Remark', zh: '备注' },
] as const;
export type PoolImportColumn = (typeof POOL_IMPORT_COLUMNS)[number]['key'];

export const poolPublicityBody = z.object({
  title: z.string().trim().min(4, 'title: at least 4 characters').max(200, 'title: at most 200 characters'),
  intro: z.string().trim().max(2000, 'intro: at most 2000 characters').default(''),
  memberIds: z.array(recordId).min(1, 'members: choose at least one member').max(500, 'members: at most 500 members'),
});
export type PoolPublicityBody = z.infer<typeof poolPublicityBody>;

export const poolPublicityQuery = z.object({ title: z.string().trim().max(100).optional() });

export const poolPublicityRow = z.object({
  id: z.number(),
  /** The `pool` notice on /pub. */
  noticeId: z.number(),
  title: z.string(),
  intro: z.string(),
  memberIds: z.array(z.number()),
  createdByName: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export const poolPublicityDetail = poolPublicityRow.extend({ members: z.array(poolMemberRow) });
