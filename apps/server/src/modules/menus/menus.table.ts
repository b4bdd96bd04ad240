import { integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Menu entries as in RuoYi: `M` directory, `C` page (component = a view key), `F` button.
 * Permission strings live on pages and buttons; roles grant entries.
 */
export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id').notNull().default(0),
  name: varchar('name', { length: 50 }).notNull(),
  /** Title in Simplified Chinese; the web shows it when that language is chosen. */
  nameZh: varchar('name_zh', { length: 50 }).notNull().default(''),
  menuType: varchar('menu_type', { length: 1 }).notNull(),
  path: varchar('path', { length: 200 }).notNull().default(''),
  component: varchar('component', { length: 255 }),
  query: varchar('query', { length: 255 }),
  perms: varchar('perms', { length: 100 }),
  icon: varchar('icon', { length: 100 }).notNull().default('#'),
  orderNum: integer('order_num').notNull().default(0),
  /** Login type the entry belongs to: 0 back office, 1 suppliers. */
  types: smallint('types').notNull().default(0),
  /** 0 shown, 1 hidden. */
  visible: varchar('visible', { length: 1 }).notNull().default('0'),
  /** 0 cached, 1 not cached. */
  isCache: varchar('is_cache', { length: 1 }).notNull().default('0'),
  /** 0 external link, 1 internal. */
  isFrame: varchar('is_frame', { length: 1 }).notNull().default('1'),
  status: varchar('status', { length: 1 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
