import { ResultsList } from './results-list';

/** `mandraw/resultpub`: results in publicity and awarded, with their public pages. */
export default function PublicityResultsPage() {
  return <ResultsList preset="publicity" />;
}
