import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Uploaded files. Clients only ever see `storedName`, an opaque name the server made; the
 * original name is kept for the download's file name. A file belongs to the record it is
 * attached to (`recordType`, `recordId`); until then, to its uploader and the uploader's company.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    storedName: varchar('stored_name', { length: 80 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    /** document or image. */
    kind: varchar('kind', { length: 10 }).notNull(),
    uploadedBy: integer('uploaded_by').notNull(),
    companyId: integer('company_id'),
    recordType: varchar('record_type', { length: 40 }),
    recordId: integer('record_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_record_idx').on(t.recordType, t.recordId)],
);
