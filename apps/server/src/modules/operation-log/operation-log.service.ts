import type { Db } from '../../db/client.ts';
import { text } from '../../i18n/text.ts';
import { notFound } from '../../lib/errors.ts';
import type { Page } from '../../lib/paging.ts';
import { signInLogRepository, type SignInLogFilter } from '../auth/sign-in-log.repository.ts';
import { operationLogRepository, type OperationLogFilter } from './operation-log.repository.ts';

/** base/log: the operation log and the sign-in log, filtered, paged and exported. */
export function createOperationLogService({ db }: { db: Db }) {
  return {
    operations: (f: OperationLogFilter, page: Page) => operationLogRepository.page(db, f, page),
    /** A batch of an export: the page's rows, not counted. */
    operationRows: (f: OperationLogFilter, page: Page) => operationLogRepository.rows(db, f, page),
    async operation(id: number) {
      const row = await operationLogRepository.find(db, id);
      if (!row) throw notFound(text('log entry does not exist', '日志记录不存在'));
      return row;
    },
    signIns: (f: SignInLogFilter, page: Page) => signInLogRepository.page(db, f, page),
    signInRows: (f: SignInLogFilter, page: Page) => signInLogRepository.rows(db, f, page),
  };
}
