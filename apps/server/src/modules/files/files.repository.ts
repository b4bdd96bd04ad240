import { and, asc, entityKind, eq, inArray, isNull, lt, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Conn } from '../../lib/crud-repository.ts';
import { text } from '../../i18n/text.ts';
import { conflict } from '../../lib/errors.ts';
import { qualified } from '../../lib/sql-fragments.ts';
import { fileChunks, files } from './files.table.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;
/** A document attached to a record, as lists and detail pages show it. */
export interface AttachedDocument {
  fileName: string;
  originalName: string;
  size: number;
}

/**
 * A chunk as a statement parameter. PostgreSQL's driver sends a Buffer as it is, in binary (as
 * base64 text instead, 20 uploads of 5 MB at once went at half the speed, with 130 MB more at
 * the peak). PGlite's own bytea parameters and results go through a byte-by-byte JavaScript loop (a 5 MB file
 * took 0.6 s to write and 0.4 s to read that way), so there the chunk goes as base64 text that the
 * server decodes (0.09 s). Chunks are read as base64 on both (`encode`): 0.03 s for 5 MB on PGlite,
 * and a third less to carry than PostgreSQL's hex text form of bytea.
 */
function byteaParam(db: Conn, data: Buffer): Buffer | SQL {
  const kind = (db.constructor as unknown as Record<typeof entityKind, string>)[entityKind];
  return kind.startsWith('Pglite') ? sql`decode(${data.toString('base64')}, 'base64')` : data;
}

/** Queries on the uploaded files; the only place that touches their table. */
export const filesRepository = {
  /** Records a file; answers its id. */
  async insert(db: Conn, values: NewFile): Promise<number> {
    const [row] = await db.insert(files).values(values).returning({ id: files.id });
    return row!.id;
  },

  async insertChunk(db: Conn, fileId: number, seq: number, data: Buffer): Promise<void> {
    await db.insert(fileChunks).values({ fileId, seq, data: byteaParam(db, data) });
  },

  /** One chunk of a file's content, or undefined (read as base64 text: see `byteaParam`). */
  async chunk(db: Conn, fileId: number, seq: number): Promise<Buffer | undefined> {
    const [row] = await db
      .select({ data: sql<string>`encode(${fileChunks.data}, 'base64')` })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.seq, seq)));
    // PostgreSQL breaks base64 into lines; the decoder skips the line breaks.
    return row ? Buffer.from(row.data, 'base64') : undefined;
  },

  /** Locks a file whose content is not in the database yet; false when it is (or the file is gone). */
  async lockWithoutContent(db: Conn, id: number): Promise<boolean> {
    const rows = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, id), isNull(files.sha256)))
      .for('update');
    return rows.length > 0;
  },

  async setContent(db: Conn, id: number, size: number, sha256: string): Promise<void> {
    await db.update(files).set({ size, sha256 }).where(eq(files.id, id));
  },

  /** Whether the file `storedName` is recorded, and with its content in the database. */
  async contentState(db: Conn, storedName: string): Promise<{ id: number; stored: boolean } | undefined> {
    const [row] = await db
      .select({ id: files.id, stored: sql<boolean>`${files.sha256} is not null` })
      .from(files)
      .where(eq(files.storedName, storedName));
    return row;
  },

  /** How many files are recorded without their content in the database. */
  async countWithoutContent(db: Conn): Promise<number> {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from files where sha256 is null`);
    return Number(row?.n ?? 0);
  },

  /**
   * Removes up to `limit` files that no record holds and that were uploaded more than `hours`
   * ago, with their content. Instances sweeping at once skip each other's rows. Answers how many.
   */
  async removeUnattached(db: Conn, hours: number, limit: number): Promise<number> {
    const due = db
      .select({ id: files.id })
      .from(files)
      .where(and(isNull(files.recordId), lt(files.createdAt, sql`now() - make_interval(hours => ${hours})`)))
      .orderBy(asc(files.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const removed = await db.delete(files).where(inArray(files.id, due)).returning({ id: files.id });
    return removed.length;
  },

  /** Removes files by id, with their content. */
  async removeIds(db: Conn, ids: number[]): Promise<void> {
    if (ids.length > 0) await db.delete(files).where(inArray(files.id, ids));
  },

  /** The names the uploaders gave these stored files (stored name → original name), to show them. */
  async originalNames(db: Conn, storedNames: string[]): Promise<Record<string, string>> {
    if (storedNames.length === 0) return {};
    const rows = await db
      .select({ stored: files.storedName, original: files.originalName })
      .from(files)
      .where(inArray(files.storedName, [...new Set(storedNames)]));
    return Object.fromEntries(rows.map((r) => [r.stored, r.original]));
  },

  async findByStoredName(db: Conn, storedName: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.storedName, storedName));
    return row;
  },

  /** Those of `names` that `userId` uploaded and no record holds yet. */
  async ownedUnattached(db: Conn, names: string[], userId: number): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await db
      .select({ name: files.storedName })
      .from(files)
      .where(and(inArray(files.storedName, names), eq(files.uploadedBy, userId), isNull(files.recordType)));
    return rows.map((r) => r.name);
  },

  /** Deletes a file's record: no download finds it any more. */
  async remove(db: Conn, storedName: string): Promise<void> {
    await db.delete(files).where(eq(files.storedName, storedName));
  },

  /**
   * Attaches the files `names` to a record, inside the caller's transaction: from then on the
   * orphan sweep leaves them. Refuses (and so rolls the caller's transaction back) when one of
   * them was removed meanwhile: an upload no record took within a day.
   */
  async attach(db: Conn, recordType: string, recordId: number, names: string[]): Promise<void> {
    if (names.length === 0) return;
    const rows = await db
      .update(files)
      .set({ recordType, recordId })
      .where(inArray(files.storedName, names))
      .returning({ id: files.id });
    if (rows.length < new Set(names).size)
      throw conflict(
        text(
          'a file is no longer stored (an upload no record used within a day is removed): upload it again',
          '文件已不存在（一天内未被使用的上传文件会被删除），请重新上传',
        ),
      );
  },

  /** Lets go of a record's files not in `keepNames`: they stay stored, unattached, for their uploader. */
  async detachOthers(db: Conn, recordType: string, recordId: number, keepNames: string[]): Promise<void> {
    await db
      .update(files)
      .set({ recordType: null, recordId: null })
      .where(
        and(
          eq(files.recordType, recordType),
          eq(files.recordId, recordId),
          keepNames.length ? notInArray(files.storedName, keepNames) : undefined,
        ),
      );
  },

  /** A record's documents, in upload order. */
  listFor(db: Conn, recordType: string, recordId: number): Promise<AttachedDocument[]> {
    return db
      .select({ fileName: files.storedName, originalName: files.originalName, size: files.size })
      .from(files)
      .where(and(eq(files.recordType, recordType), eq(files.recordId, recordId)))
      .orderBy(asc(files.id));
  },

  /** The file `storedName` when it is attached to that record, or undefined. */
  async findAttached(db: Conn, recordType: string, recordId: number, storedName: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.storedName, storedName), eq(files.recordType, recordType), eq(files.recordId, recordId)));
    return row;
  },

  /**
   * A record's documents as one JSON array, in upload order, for a query of the record's own
   * table to embed (`recordId` is the column holding the record's id).
   */
  documentsJson(recordType: string, recordId: AnyColumn | SQL) {
    return sql<AttachedDocument[]>`(
        select coalesce(json_agg(json_build_object('fileName', f.stored_name, 'originalName', f.original_name,
          'size', f.size) order by f.id), '[]'::json)
        from files f where f.record_type = ${recordType} and f.record_id = ${qualified(recordId)})`;
  },
};
