import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const dictTypes = pgTable(
  'dict_types',
  {
    id: serial('id').primaryKey(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    nameZh: varchar('name_zh', { length: 100 }).notNull().default(''),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [uniqueIndex('dict_types_type_uq').on(t.dictType)],
);

export const dictData = pgTable(
  'dict_data',
  {
    id: serial('id').primaryKey(),
    dictType: varchar('dict_type', { length: 100 }).notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    labelZh: varchar('label_zh', { length: 100 }).notNull().default(''),
    value: varchar('value', { length: 100 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** Tag style: default, primary, success, info, warning, danger (spec §4). */
    listClass: varchar('list_class', { length: 20 }).notNull().default('default'),
    cssClass: varchar('css_class', { length: 100 }).notNull().default(''),
    isDefault: varchar('is_default', { length: 1 }).notNull().default('N'),
    status: varchar('status', { length: 1 }).notNull().default('0'),
  },
  (t) => [uniqueIndex('dict_data_type_value_uq').on(t.dictType, t.value)],
);
