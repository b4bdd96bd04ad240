import ExcelJS from 'exceljs';

/** The rows of the first sheet of a workbook an export answered, the header row first. */
export async function rowsOf(payload: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A workbook's header row, and its rows as objects keyed by that row. */
export async function sheetOf(payload: Buffer) {
  const [header = [], ...cells] = await rowsOf(payload);
  return { header, records: cells.map((r) => Object.fromEntries(header.map((h, i) => [String(h), r[i]]))) };
}
