/**
 * The light client's entry: the drawn page is painted before any of the client's code runs (its
 * modules come preloaded with the document), then ./client.tsx makes it interactive. Run at once,
 * the client's start held the first paint of a public page back by its whole start-up.
 */
requestAnimationFrame(() => setTimeout(() => void import('./client'), 0));
