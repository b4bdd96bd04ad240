import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { platformTime } from '../i18n/format.ts';
import { attachmentDisposition } from './attachment.ts';

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null | undefined;
}

/** A cell as written: a time on the platform's wall clock (a spreadsheet keeps no time zone). */
const cell = (value: string | number | Date | null | undefined) =>
  value instanceof Date ? platformTime(value) : (value ?? '');

/** Most rows one export writes; a larger list should be narrowed by its filters first. */
export const EXPORT_MAX_ROWS = 50_000;

/**
 * A batch of a list: the module's own list function, called with its filters bound. `after` is the
 * last row of the batch before: a list that can continue from a row (keyset) reads on from it,
 * which stays fast however deep the export goes and unmoved by rows changed meanwhile; others
 * use `offset`.
 */
export type ExportPage<T> = (page: { offset: number; limit: number; after?: T }) => Promise<T[]>;

/** Rows read a batch at a time; a batch is also what one export holds in memory. */
export const EXPORT_BATCH = 500;
/** Most rows one streamed export writes (a safety bound, far above any list of the platform). */
export const STREAM_MAX_ROWS = 2_000_000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Where ExcelJS's streamed sheet goes: the zip's compressor (a `readable-stream` Writable, whose
 * state is `_writableState`). The sheet hands it each 64 KB as it fills, without waiting
 * (ExcelJS's StreamBuf in batch mode): unchecked, a fast database ran 78 MB ahead of the
 * compressor in 100,000 rows. So the export waits for it.
 */
type Compressor = Writable & { _writableState?: { needDrain?: boolean } };
const compressorOf = (sheet: object): Compressor | undefined =>
  (sheet as { stream?: { pipes?: Compressor[] } }).stream?.pipes?.[0];
const mustWait = (stage: Compressor | PassThrough | undefined) =>
  Boolean(stage && (stage.writableNeedDrain || (stage as Compressor)._writableState?.needDrain));

/**
 * Answers an .xlsx workbook of one sheet as an attachment, streamed: the list is read in batches
 * of `EXPORT_BATCH` rows in its own order (`page`, the module's list function with the filters
 * applied) and each row is written to the zip as soon as it is read, so a list of any length
 * costs the memory of one batch. The first batch is read before the answer starts, so a refusal
 * or a database error still answers as JSON; a failure later ends the download incomplete (the
 * browser reports it failed) and is logged.
 */
export async function streamExcel<T>(
  reply: FastifyReply,
  fileName: string,
  columns: ExcelColumn<T>[],
  page: ExportPage<T>,
): Promise<FastifyReply> {
  let batch = await page({ offset: 0, limit: EXPORT_BATCH });
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    let offset = 0;
    for (;;) {
      for (const row of batch) sheet.addRow(columns.map((c) => cell(c.value(row)))).commit();
      offset += batch.length;
      if (batch.length < EXPORT_BATCH || offset >= STREAM_MAX_ROWS) break;
      // Wait while the zip compresses what was written and the client reads it: neither a slow
      // download nor the compressor may let the written rows pile up in memory. A client that
      // went away ends the export.
      for (const stage of [compressorOf(sheet), out])
        if (stage && mustWait(stage)) await Promise.race([once(stage, 'drain'), once(out, 'close')]);
      if (out.destroyed) return;
      batch = await page({ offset, limit: EXPORT_BATCH, after: batch.at(-1) });
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((err: unknown) => {
    reply.log.error({ err }, 'export stopped before its end');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .send(out);
}

/**
 * Answers an .xlsx workbook of one sheet as an attachment. ExcelJS is loaded with the first export
 * (some 25 MB of memory once loaded): most server processes never write one.
 */
export async function sendExcel<T>(reply: FastifyReply, fileName: string, columns: ExcelColumn<T>[], rows: T[]) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date();
  const sheet = book.addWorksheet('Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, cell(c.value(row))])));
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .send(buffer);
}

/** A column header in the reader's language: `headerIn(lang)('Code', '项目编号')`. */
export const headerIn =
  (lang: 'en' | 'zh') =>
  (en: string, zh: string): string =>
    lang === 'zh' ? zh : en;
