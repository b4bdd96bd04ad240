import { z } from 'zod';

/**
 * Response shapes of the reference data: master data (types, sub-categories, places, owner
 * categories, process settings), dictionaries (the public entry is `dictEntry` of identity.ts),
 * parameters and the logs. The web derives its types from these with `z.infer`.
 */

const named = { id: z.number(), name: z.string(), nameZh: z.string(), orderNum: z.number(), status: z.string() };

/** An owner department category: the plain named row the others extend. */
export const namedRow = z.object(named);
export const projectTypeRow = z.object({
  ...named,
  code: z.string(),
  valueLimit: z.number().nullable(),
  createdAt: z.date(),
  priceWeight: z.number(),
  scoreCriteria: z.array(z.object({ name: z.string(), nameZh: z.string(), max: z.number() })),
});
export const subCategoryRow = z.object({ ...named, typeId: z.number() });
export const placeRow = z.object({
  ...named,
  parentId: z.number(),
  ancestors: z.string(),
  code: z.string().nullable(),
});
export const processSettingRow = z.object({
  id: z.number(),
  typeId: z.number(),
  model: z.number(),
  signupDays: z.number(),
  bidWindowDays: z.number(),
  publicityDays: z.number(),
  requiredDocuments: z.string(),
});

/** What the project forms and the hall filters need, in one call. */
export const hallOptions = z.object({
  types: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      nameZh: z.string(),
      valueLimit: z.number().nullable(),
    }),
  ),
  subCategories: z.array(z.object({ id: z.number(), typeId: z.number(), name: z.string(), nameZh: z.string() })),
  places: z.array(
    z.object({
      id: z.number(),
      label: z.string(),
      labelZh: z.string(),
      children: z.array(z.any()).optional(),
    }),
  ),
});

export const dictTypeRow = z.object({
  id: z.number(),
  dictType: z.string(),
  name: z.string(),
  nameZh: z.string(),
  status: z.string(),
  remark: z.string().nullable(),
});
export const dictDataRow = z.object({
  id: z.number(),
  dictType: z.string(),
  label: z.string(),
  labelZh: z.string(),
  value: z.string(),
  sort: z.number(),
  listClass: z.string(),
  cssClass: z.string(),
  isDefault: z.string(),
  status: z.string(),
});
export const paramRow = z.object({
  id: z.number(),
  configKey: z.string(),
  name: z.string(),
  value: z.string(),
  valueType: z.string(),
  scope: z.string(),
  builtIn: z.boolean(),
  updatedAt: z.date(),
});

/** What the public pages show, and the login field key. */
export const siteInfo = z.object({
  platformName: z.string(),
  platformNameZh: z.string(),
  consultPhone: z.string(),
  serviceHours: z.string(),
  loginKey: z.string(),
  captchaEnabled: z.boolean(),
  smsOutbox: z.boolean(),
});

/** The operation log and the sign-in log (base/log). */
export const operationLogRow = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  types: z.number().nullable(),
  title: z.string(),
  method: z.string(),
  path: z.string(),
  ip: z.string().nullable(),
  status: z.string(),
  resultCode: z.number(),
  errorMsg: z.string().nullable(),
  durationMs: z.number(),
  createdAt: z.date(),
});
export const signinLogRow = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  loginName: z.string(),
  types: z.number(),
  method: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  status: z.string(),
  msg: z.string(),
  createdAt: z.date(),
});
