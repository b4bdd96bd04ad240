import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../i18n';

describe('the language of a first visit', () => {
  it('follows the browser when nothing was chosen: Chinese when it prefers Chinese', () => {
    expect(chooseLanguage({ query: null, stored: null, preferred: ['zh-CN', 'en-US'] })).toBe('zh-CN');
    expect(chooseLanguage({ query: null, stored: null, preferred: ['zh'] })).toBe('zh-CN');
    expect(chooseLanguage({ query: null, stored: null, preferred: ['zh-Hans-CN'] })).toBe('zh-CN');
    expect(chooseLanguage({ query: null, stored: null, preferred: ['zh-TW', 'en'] })).toBe('zh-CN');
    // The first of the two the app speaks decides.
    expect(chooseLanguage({ query: null, stored: null, preferred: ['fr-FR', 'zh-CN', 'en'] })).toBe('zh-CN');
    expect(chooseLanguage({ query: null, stored: null, preferred: ['en-GB', 'zh-CN'] })).toBe('en');
  });

  it('is English otherwise', () => {
    expect(chooseLanguage({ query: null, stored: null, preferred: ['de-DE', 'fr'] })).toBe('en');
    expect(chooseLanguage({ query: null, stored: null, preferred: [] })).toBe('en');
    expect(chooseLanguage({ query: null, stored: null, preferred: [''] })).toBe('en');
  });

  it('leaves the stored choice and ?lang= ahead of the browser', () => {
    expect(chooseLanguage({ query: null, stored: 'en', preferred: ['zh-CN'] })).toBe('en');
    expect(chooseLanguage({ query: 'en', stored: 'zh-CN', preferred: ['zh-CN'] })).toBe('en');
    expect(chooseLanguage({ query: 'zh-CN', stored: 'en', preferred: ['en'] })).toBe('zh-CN');
    // An unknown value is ignored.
    expect(chooseLanguage({ query: 'xx', stored: 'yy', preferred: ['zh-CN'] })).toBe('zh-CN');
  });
});
