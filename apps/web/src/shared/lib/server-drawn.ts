/**
 * How a page the server drew (src/server/) tells the browser so: its root carries
 * `DRAWN_ATTRIBUTE`, and the state it was drawn from is the JSON in the element `DRAWN_STATE_ID`.
 */
export const DRAWN_ATTRIBUTE = 'data-ssr';
export const DRAWN_STATE_ID = 'ssr-state';

/** Whether the server drew this page (false outside a browser). */
export function isServerDrawn(): boolean {
  return typeof document !== 'undefined' && !!document.getElementById('root')?.hasAttribute(DRAWN_ATTRIBUTE);
}
