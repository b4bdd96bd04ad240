import { integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Project types (manager/itemtype). The value limit of a type is the business parameter
 * `valueLimit.<code>`, so that base/parameter and the type page show one and the same number.
 */
export const projectTypes = pgTable(
  'project_types',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 30 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    nameZh: varchar('name_zh', { length: 50 }).notNull().default(''),
    orderNum: integer('order_num').notNull().default(0),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Best-value evaluation (model 3): the share of 100 points the price carries. */
    priceWeight: smallint('price_weight').notNull().default(40),
    /** Best-value evaluation: the technical criteria, each scored from 0 to its maximum. */
    scoreCriteria: jsonb('score_criteria')
      .$type<{ name: string; nameZh: string; max: number }[]>()
      .notNull()
      .default([
        { name: 'Technical approach', nameZh: '技术方案', max: 40 },
        { name: 'Schedule and resources', nameZh: '工期与资源', max: 30 },
        { name: 'Quality and safety', nameZh: '质量与安全', max: 30 },
      ]),
  },
  (t) => [uniqueIndex('project_types_code_uq').on(t.code)],
);

/** Sub-categories of a project type (manager/subcate). */
export const subCategories = pgTable('sub_categories', {
  id: serial('id').primaryKey(),
  typeId: integer('type_id')
    .notNull()
    .references(() => projectTypes.id),
  name: varchar('name', { length: 50 }).notNull(),
  nameZh: varchar('name_zh', { length: 50 }).notNull().default(''),
  orderNum: integer('order_num').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
});

/** Places as a tree of regions (manager/itemplace). */
export const places = pgTable('places', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  ancestors: text('ancestors').notNull().default('0'),
  code: varchar('code', { length: 12 }),
  name: varchar('name', { length: 50 }).notNull(),
  nameZh: varchar('name_zh', { length: 50 }).notNull().default(''),
  orderNum: integer('order_num').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
});

/** Categories of owner organisations (manager/departcate). */
export const departCategories = pgTable('depart_categories', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  nameZh: varchar('name_zh', { length: 50 }).notNull().default(''),
  orderNum: integer('order_num').notNull().default(0),
  status: varchar('status', { length: 1 }).notNull().default('0'),
});

/** Step durations and required documents per project type and selection model (manager/itemprocess). */
export const processSettings = pgTable(
  'process_settings',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => projectTypes.id),
    /** 1 pool draw, 2 sealed price competition, 3 best-value evaluation. */
    model: smallint('model').notNull(),
    signupDays: integer('signup_days').notNull(),
    /** Days from the end of sign-up to the opening or draw. */
    bidWindowDays: integer('bid_window_days').notNull(),
    publicityDays: integer('publicity_days').notNull(),
    /** Names of the documents an owner must attach, one a line. */
    requiredDocuments: text('required_documents').notNull().default(''),
  },
  (t) => [uniqueIndex('process_settings_type_model_uq').on(t.typeId, t.model)],
);
