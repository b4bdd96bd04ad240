import type { dictDataBody, dictTypeBody } from '@lvb/contracts/admin';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { EXPORT_MAX_ROWS } from '../../lib/excel.ts';
import { text } from '../../i18n/text.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { dictionariesRepository as repo } from './dictionaries.repository.ts';

type TypeInput = z.output<typeof dictTypeBody>;
type EntryInput = z.output<typeof dictDataBody>;

const TYPE_MISSING = text('dictionary type does not exist', '字典类型不存在');
const TYPE_TAKEN = text('a dictionary type with this key already exists', '字典类型已存在');
const ENTRY_MISSING = text('entry does not exist', '字典数据不存在');

/** Dictionary types and their entries (label, value, tag style). */
export function createDictionariesService({ db }: { db: Db }) {
  async function existingType(id: number) {
    const type = await repo.type(db, id);
    if (!type) throw notFound(TYPE_MISSING);
    return type;
  }

  /** An entry belongs to an existing type, and its value is unique within the type. */
  async function checkEntry(input: EntryInput, id?: number) {
    if (!(await repo.typeIdOfKey(db, input.dictType))) throw notFound(TYPE_MISSING);
    const clash = await repo.entryIdOfValue(db, input.dictType, input.value);
    if (clash && clash !== id)
      throw conflict(text('this dictionary already has an entry with this value', '该字典已存在相同键值的数据'));
  }

  return {
    listTypes: (f: { dictType?: string; name?: string }, page: Page) => repo.typesPage(db, f, page),
    exportTypes: async (f: { dictType?: string; name?: string }) =>
      (await repo.typesPage(db, f, { offset: 0, limit: EXPORT_MAX_ROWS })).rows,

    async createType(input: TypeInput): Promise<number> {
      if (await repo.typeIdOfKey(db, input.dictType)) throw conflict(TYPE_TAKEN);
      return repo.insertType(db, input);
    },

    async updateType(id: number, input: TypeInput) {
      const current = await existingType(id);
      const clash = await repo.typeIdOfKey(db, input.dictType);
      if (clash && clash !== current.id) throw conflict(TYPE_TAKEN);
      await db.transaction((tx) => repo.updateType(tx, current, input));
    },

    async removeType(id: number) {
      const current = await existingType(id);
      await db.transaction((tx) => repo.removeType(tx, current));
    },

    entries: (dictType: string) => repo.entries(db, dictType),

    /** The enabled entries of a type, as the public call names their fields (spec §4). */
    async publicEntries(dictType: string) {
      const rows = await repo.enabledEntries(db, dictType);
      return rows.map((d) => ({
        dictLabel: d.label,
        dictLabelZh: d.labelZh || d.label,
        dictValue: d.value,
        listClass: d.listClass,
        cssClass: d.cssClass,
        dictSort: d.sort,
        isDefault: d.isDefault,
      }));
    },

    async createEntry(input: EntryInput): Promise<number> {
      await checkEntry(input);
      return repo.insertEntry(db, input);
    },

    async updateEntry(id: number, input: EntryInput) {
      await checkEntry(input, id);
      if (!(await repo.updateEntry(db, id, input))) throw notFound(ENTRY_MISSING);
    },

    async removeEntry(id: number) {
      if (!(await repo.removeEntry(db, id))) throw notFound(ENTRY_MISSING);
    },
  };
}
export type DictionariesService = ReturnType<typeof createDictionariesService>;
