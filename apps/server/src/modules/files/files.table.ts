import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Binary data; read and written through `encode`/`decode` by the repository (see fileChunks). */
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files. Clients only ever see `storedName`, an opaque name the server made; the
 * original name is kept for the download's file name. A file belongs to the record it is
 * attached to (`recordType`, `recordId`); until then, to its uploader and the uploader's company.
 * A file no record holds a day after its upload is removed by the scheduler.
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
    /**
     * SHA-256 of the content (hex), written with the content. Null only for a file recorded
     * while contents were kept on disk, until the start-up move brings its bytes in.
     */
    sha256: varchar('sha256', { length: 64 }),
  },
  (t) => [
    index('files_record_idx').on(t.recordType, t.recordId),
    // The orphan sweep: files no record holds, oldest first.
    index('files_unattached_idx')
      .on(t.createdAt)
      .where(sql`record_id is null`),
  ],
);

/**
 * The content of each file in chunks of `FILE_CHUNK_BYTES` (the last one shorter), numbered
 * from 0: written in the transaction that records the file, read in order, removed with it.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
