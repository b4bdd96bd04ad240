import { ResultsList } from './results-list';

/** `bidmanager/bidres`: every result in the caller's scope, read-only, with its export. */
export default function QueryResultsPage() {
  return <ResultsList preset="query" />;
}
