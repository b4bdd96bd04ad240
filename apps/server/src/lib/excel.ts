import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './attachment.ts';

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null | undefined;
}

/** Most rows one export writes; a larger list should be narrowed by its filters first. */
export const EXPORT_MAX_ROWS = 50_000;

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
    sheet.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, c.value(row) ?? ''])));
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .send(buffer);
}

/** A column header in the reader's language: `headerIn(lang)('Code', '项目编号')`. */
export const headerIn =
  (lang: 'en' | 'zh') =>
  (en: string, zh: string): string =>
    lang === 'zh' ? zh : en;
