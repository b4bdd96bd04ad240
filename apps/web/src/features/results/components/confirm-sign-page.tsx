import { ResultsList } from './results-list';

/** `mandraw/confirmsign`: the owner confirms and signs a result, and chooses after a declined award. */
export default function ConfirmSignPage() {
  return <ResultsList preset="confirm" />;
}
