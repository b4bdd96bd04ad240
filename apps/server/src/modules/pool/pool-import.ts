import { createHash } from 'node:crypto';
import { COMPANY_STATUS } from '@lvb/contracts/company-workflow';
import { POOL_IMPORT_COLUMNS, type PoolImportColumn, type PoolImportError } from '@lvb/contracts/pool';
import type { Db } from '../../db/client.ts';
import { text, type Language, type Text } from '../../i18n/text.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { ResultCode } from '@lvb/contracts/errors';
import { companiesRepository } from '../companies/companies.repository.ts';
import { checkFile } from '../files/file-types.ts';
import { masterDataRepository } from '../master-data/master-data.repository.ts';
import { poolRepository, type NewPoolMember } from './pool.repository.ts';

/** Most data rows one import takes. */
export const IMPORT_MAX_ROWS = 2000;
const REQUIRED: PoolImportColumn[] = ['creditCode', 'type', 'region', 'validFrom', 'validTo'];

/** One row of the sheet as read: its number and each column's text. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<PoolImportColumn, string>>;
}

/** A member an import writes, with the sheet row it came from. */
export type ImportedMember = Omit<NewPoolMember, 'createdBy'> & { row: number };

const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').replace(/^\*/, '');

/** The text of a cell as exceljs answers it: strings, numbers, dates (as YYYY-MM-DD), rich text, formulas. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value).trim();
}

/** `YYYY-MM-DD` (or with `/` or `.`) of a real day, normalised; undefined otherwise. */
export function dayOf(s: string): string | undefined {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (!m) return undefined;
  const iso = `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : undefined;
}

const NOT_A_WORKBOOK = text('the file is not an Excel workbook (.xlsx)', '文件不是 Excel 工作簿（.xlsx）');

/**
 * The rows of the first sheet of an .xlsx upload, its columns found by their headers in either
 * language. Refuses (400) a file that is not an .xlsx by its content, a sheet without the
 * required columns, one without rows and one with too many.
 */
export async function readSheet(name: string, bytes: Buffer): Promise<SheetRow[]> {
  const checked = await checkFile(name, { chunks: [bytes], size: bytes.length, sha256: '' }, ['document']);
  if ('problem' in checked) throw badRequest(checked.problem);
  if (checked.ext !== 'xlsx') throw badRequest(NOT_A_WORKBOOK);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(NOT_A_WORKBOOK);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest(NOT_A_WORKBOOK);
  const columnOf = new Map<number, PoolImportColumn>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = normal(cellText(cell.value));
    const found = POOL_IMPORT_COLUMNS.find((c) => normal(c.en) === header || normal(c.zh) === header);
    if (found) columnOf.set(col, found.key);
  });
  const missing = REQUIRED.filter((k) => ![...columnOf.values()].includes(k));
  if (missing.length > 0) {
    const names = (lang: Language) =>
      missing.map((k) => POOL_IMPORT_COLUMNS.find((c) => c.key === k)![lang === 'en' ? 'en' : 'zh']).join(', ');
    throw badRequest(
      text(
        `the first row must name the template's columns: ${names('en')} missing`,
        `第一行须为模板的列名：缺少 ${names('zh')}`,
      ),
    );
  }
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells: SheetRow['cells'] = {};
    for (const [col, key] of columnOf) {
      const value = cellText(row.getCell(col).value);
      if (value) cells[key] = value;
    }
    if (Object.keys(cells).length > 0) rows.push({ row: number, cells });
  });
  if (rows.length === 0) throw badRequest(text('the file has no rows to import', '文件中没有可导入的数据行'));
  if (rows.length > IMPORT_MAX_ROWS)
    throw badRequest(
      text(
        `at most ${IMPORT_MAX_ROWS} rows in one import: split the file`,
        `每次最多导入 ${IMPORT_MAX_ROWS} 行，请拆分文件`,
      ),
    );
  return rows;
}

/**
 * Checks every row against the companies, the master data, each other and the pool: answers the
 * members to write, or every problem found (row, column, message in both languages). Nothing is
 * written here.
 */
export async function checkRows(
  db: Db,
  rows: SheetRow[],
): Promise<{ members: ImportedMember[]; problems: { row: number; column: PoolImportColumn; message: Text }[] }> {
  const problems: { row: number; column: PoolImportColumn; message: Text }[] = [];
  const codes = [...new Set(rows.map((r) => (r.cells.creditCode ?? '').toUpperCase()).filter(Boolean))];
  const companies = new Map(
    (await companiesRepository.byCreditCodes(db, codes)).map((c) => [c.creditCode.toUpperCase(), c]),
  );
  const types = await masterDataRepository.enabledProjectTypes(db);
  const subs = await masterDataRepository.enabledSubCategories(db);
  const places = await masterDataRepository.enabledPlaces(db);
  const taken = new Set(
    (
      await poolRepository.keysOf(
        db,
        [...companies.values()].map((c) => c.id),
      )
    ).map((k) => `${k.companyId}|${k.typeId}|${k.placeId}`),
  );
  const seen = new Map<string, number>();
  const members: ImportedMember[] = [];
  const matching = <T extends { name: string; nameZh: string }>(
    list: T[],
    value: string,
    code?: (x: T) => string | null,
  ) =>
    list.filter(
      (x) =>
        normal(x.name) === normal(value) ||
        normal(x.nameZh) === normal(value) ||
        (code && normal(code(x) ?? '') === normal(value)),
    );

  for (const { row, cells } of rows) {
    const problem = (column: PoolImportColumn, message: Text) => problems.push({ row, column, message });
    const required = (column: PoolImportColumn) => {
      const v = cells[column];
      if (!v) problem(column, text('required', '必填'));
      return v;
    };

    const code = required('creditCode')?.toUpperCase();
    const company = code ? companies.get(code) : undefined;
    if (code && !company)
      problem(
        'creditCode',
        text('no supplier company has this unified credit code', '没有此统一社会信用代码的供应商单位'),
      );
    else if (company?.status === COMPANY_STATUS.blacklisted)
      problem('creditCode', text('the company is blacklisted', '该单位已被列入黑名单'));

    const typeText = required('type');
    const typeFound = typeText ? matching(types, typeText, (t) => t.code) : [];
    const type = typeFound[0];
    if (typeText && !type)
      problem('type', text('no enabled project type has this code or name', '没有此编码或名称的项目类型'));

    let subCategoryId: number | null = null;
    if (cells.subCategory && type) {
      const sub = matching(
        subs.filter((s) => s.typeId === type.id),
        cells.subCategory,
      )[0];
      if (!sub) problem('subCategory', text('not a sub-category of the project type', '不是该项目类型的子类'));
      else subCategoryId = sub.id;
    }

    const regionText = required('region');
    const regionFound = regionText ? matching(places, regionText, (p) => p.code) : [];
    if (regionText && regionFound.length === 0)
      problem('region', text('no enabled region has this name or code', '没有此名称或编码的区域'));
    else if (regionFound.length > 1)
      problem('region', text('several regions have this name: give its code', '多个区域同名，请填写区域编码'));
    const region = regionFound.length === 1 ? regionFound[0] : undefined;

    const fromText = required('validFrom');
    const validFrom = fromText ? dayOf(fromText) : undefined;
    if (fromText && !validFrom) problem('validFrom', text('a date such as 2026-12-01', '须为日期，如 2026-12-01'));
    const toText = required('validTo');
    const validTo = toText ? dayOf(toText) : undefined;
    if (toText && !validTo) problem('validTo', text('a date such as 2027-12-01', '须为日期，如 2027-12-01'));
    if (validFrom && validTo && validTo < validFrom)
      problem('validTo', text('on or after valid from', '不能早于有效期起'));

    const remark = cells.remark ?? '';
    if (remark.length > 500) problem('remark', text('at most 500 characters', '不能超过 500 个字符'));

    if (company && type && region) {
      const key = `${company.id}|${type.id}|${region.id}`;
      const earlier = seen.get(key);
      if (earlier !== undefined)
        problem(
          'creditCode',
          text(
            `the same company, project type and region as row ${earlier}`,
            `与第 ${earlier} 行的单位、项目类型和区域相同`,
          ),
        );
      else if (taken.has(key))
        problem(
          'creditCode',
          text('the company is already in the pool for this project type and region', '该单位已以此项目类型和区域入库'),
        );
      seen.set(key, earlier ?? row);
      if (validFrom && validTo)
        members.push({
          row,
          companyId: company.id,
          typeId: type.id,
          subCategoryId,
          placeId: region.id,
          validFrom,
          validTo,
          remark,
        });
    }
  }
  return { members, problems };
}

/** The 400 of a refused import: every problem, in the reader's language, by row and column header. */
export function importRefusal(
  problems: { row: number; column: PoolImportColumn; message: Text }[],
  lang: Language,
): AppError {
  const errors: PoolImportError[] = problems.map((p) => {
    const column = POOL_IMPORT_COLUMNS.find((c) => c.key === p.column)!;
    return { row: p.row, column: lang === 'zh' ? column.zh : column.en, message: p.message[lang] };
  });
  return new AppError(
    ResultCode.business,
    text(
      `the file was not imported: ${problems.length} problem(s), nothing was written`,
      `文件未导入：发现 ${problems.length} 处问题，未写入任何数据`,
    ),
    400,
    { errors },
  );
}

/** A fingerprint of an upload, for the audit row of an import. */
export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
