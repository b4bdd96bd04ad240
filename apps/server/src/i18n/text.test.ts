import { describe, expect, it } from 'vitest';
import { languageOf } from './text.ts';

const lang = (header?: string) => languageOf({ headers: { 'accept-language': header } });

describe('the language of a request', () => {
  it('is Chinese when the language weighed highest is zh', () => {
    expect(lang('zh-CN')).toBe('zh');
    expect(lang('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(lang('ZH')).toBe('zh');
    expect(lang('en;q=0.5, zh-TW;q=0.8')).toBe('zh');
  });

  it('is English otherwise, also without the header', () => {
    expect(lang()).toBe('en');
    expect(lang('')).toBe('en');
    expect(lang('en')).toBe('en');
    expect(lang('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(lang('fr')).toBe('en');
  });
});
