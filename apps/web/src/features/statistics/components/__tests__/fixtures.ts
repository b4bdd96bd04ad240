/** What the statistics pages' calls answer in their tests. */
import { dictionaryAnswers, type TestDictionaries } from '@/testing/dictionaries';

export { ok } from '@/testing/dictionaries';

const DICTS: TestDictionaries = {
  project_status: [
    ['published', 'Published', '已发布', 'primary'],
    ['evaluating', 'Evaluating', '评审中', 'info'],
    ['awarded', 'Awarded', '已中选', 'success'],
  ],
  selection_model: [
    ['1', 'Pool draw', '随机抽取', 'primary'],
    ['2', 'Sealed price competition', '竞价', 'warning'],
    ['3', 'Best-value evaluation', '综合评审', 'success'],
  ],
};

/** A dictionary answer for `/system/dict/data/type/<type>`, or null for any other call. */
export const dictAnswer = dictionaryAnswers(DICTS);

/** The calls a stubbed server received, as URLs. */
export const urlsOf = (server: { mock: { calls: unknown[][] } }) =>
  server.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
