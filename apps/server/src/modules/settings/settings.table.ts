import { pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Configuration parameters (system and business), typed by `valueType`. */
export const configParams = pgTable(
  'config_params',
  {
    id: serial('id').primaryKey(),
    configKey: varchar('config_key', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    value: varchar('value', { length: 500 }).notNull(),
    /** string, number, boolean. */
    valueType: varchar('value_type', { length: 10 }).notNull().default('string'),
    /** system or business. */
    scope: varchar('scope', { length: 10 }).notNull().default('system'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('config_params_key_uq').on(t.configKey)],
);
