export type PublicSection = 'hall' | 'pub' | 'resultpub' | 'extract' | 'iteminfo' | 'verify';

/**
 * `/extract`: the public draw records (extract-page.tsx). The router loads this module on demand,
 * as it does the other sections' pages, so the draws come in a small chunk of their own. The hall,
 * announcements, results, project information and verification have pages of their own.
 */
export { ExtractPage as DrawsPage } from './extract-page';
