/**
 * A message a person reads, written at the call site in both languages of the platform. The
 * error plugin answers the one the request asks for; logs keep the English.
 */
export interface Text {
  readonly en: string;
  readonly zh: string;
}

export type Language = keyof Text;

export const text = (en: string, zh: string): Text => ({ en, zh });

/**
 * The one place that reads a request's language: Chinese when the language its Accept-Language
 * weighs highest is `zh…`, English otherwise (also without the header).
 */
export function languageOf(request: { headers: Record<string, string | string[] | undefined> }): Language {
  const header = [request.headers['accept-language']].flat().join(',');
  let best = { tag: '', weight: 0 };
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (tag && weight > best.weight) best = { tag, weight };
  }
  return best.tag.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
