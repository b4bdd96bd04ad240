import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { publicTextsReady } from '@/app/i18n';
import { loadTexts, setLanguage } from '@/shared/lib/i18n';

// findBy… and waitFor wait up to 5 s instead of 1: beside the API suites on two cores a page
// renders in seconds (the test timeout says the same).
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: antd asks for media queries and element sizes.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.scrollTo = () => undefined;
// Forms scroll a refused field into view (antd's scrollToField).
Element.prototype.scroll ??= () => undefined;

// Pages under test render at once: every text of both languages is there before the first test.
await publicTextsReady;
await loadTexts('backOffice');
await setLanguage('zh-CN');
await setLanguage('en');

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('en');
});

// React finishes work it scheduled (a lazy chunk that resolved, an animation's last frame) on the
// next turns of the event loop; a file's environment must outlive it, or React meets no window.
afterAll(async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setTimeout(resolve, 20));
});
