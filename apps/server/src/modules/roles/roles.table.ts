import { integer, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { menus } from '../menus/menus.table.ts';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    roleKey: varchar('role_key', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** Which login type the role is for: 0 employees, 1 suppliers. */
    types: smallint('types').notNull().default(0),
    orderNum: integer('order_num').notNull().default(0),
    /** DataScope of contracts/access.ts. */
    dataScope: varchar('data_scope', { length: 1 }).notNull().default('1'),
    status: varchar('status', { length: 1 }).notNull().default('0'),
    remark: varchar('remark', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_key_uq').on(t.roleKey)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);
