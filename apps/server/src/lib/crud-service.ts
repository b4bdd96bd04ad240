import type { Db } from '../db/client.ts';
import { text, type Text } from '../i18n/text.ts';
import { notFound } from './errors.ts';
import { EXPORT_MAX_ROWS } from './excel.ts';
import { pageOf } from './paging.ts';

/** What `crudRepository` answers, for the row and body types of one table. */
interface Repository<Row, Values, F> {
  page(db: Db, f: F, page: { limit: number; offset: number }): Promise<{ rows: Row[]; total: number }>;
  all(db: Db, f: F, limit: number): Promise<Row[]>;
  find(db: Db, id: number): Promise<Row | undefined>;
  insert(db: Db, values: Values): Promise<number>;
  update(db: Db, id: number, values: Values): Promise<boolean>;
  remove(db: Db, ids: number[]): Promise<void>;
}

export interface CrudRules<B> {
  /** What one row is, in both languages, for the message of a missing row. */
  noun: Text;
  /** Checks before a write (references, uniqueness); throws an AppError to refuse. */
  check?: (body: B, id?: number) => Promise<void>;
  /** Checks before removal (is it still used?); throws to refuse. */
  beforeRemove?: (ids: number[]) => Promise<void>;
}

/** The rules around a plain table's queries: checks before writes, a missing row is an error. */
export function crudService<Row, B, F>(db: Db, repo: Repository<Row, NoInfer<B>, F>, rules: CrudRules<B>) {
  const missing = () => notFound(text(`${rules.noun.en} does not exist`, `${rules.noun.zh}不存在`));
  return {
    list: (f: F, q: { pageNum: number; pageSize: number }) => repo.page(db, f, pageOf(q)),
    exportRows: (f: F) => repo.all(db, f, EXPORT_MAX_ROWS),
    async get(id: number): Promise<Row> {
      const row = await repo.find(db, id);
      if (!row) throw missing();
      return row;
    },
    async create(body: B): Promise<number> {
      await rules.check?.(body);
      return repo.insert(db, body);
    },
    async update(id: number, body: B): Promise<void> {
      await rules.check?.(body, id);
      if (!(await repo.update(db, id, body))) throw missing();
    },
    async remove(ids: number[]): Promise<void> {
      await rules.beforeRemove?.(ids);
      await repo.remove(db, ids);
    },
  };
}
export type CrudService<Row, B, F> = ReturnType<typeof crudService<Row, B, F>>;
