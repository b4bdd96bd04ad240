/** The success envelope of every call, with what the call answers. */
export const ok = (extra: Record<string, unknown> = {}) => ({ code: 200, msg: 'ok', ...extra });

/** A test's dictionaries: entries of value, English label, Chinese label and tag colour, by type. */
export type TestDictionaries = Record<string, [string, string, string, string][]>;

/**
 * Answers `/system/dict/data/type/<type>` from `dicts` as the server does (an unknown type is an
 * empty dictionary), and null for any other call, for a stubbed server to fall through.
 */
export const dictionaryAnswers = (dicts: TestDictionaries) => (url: URL) => {
  const type = /^\/system\/dict\/data\/type\/(.+)$/.exec(url.pathname)?.[1];
  if (!type) return null;
  return ok({
    data: (dicts[type] ?? []).map(([dictValue, dictLabel, dictLabelZh, listClass], i) => ({
      dictValue,
      dictLabel,
      dictLabelZh,
      dictSort: i,
      listClass,
      cssClass: '',
      isDefault: 'N',
    })),
  });
};
