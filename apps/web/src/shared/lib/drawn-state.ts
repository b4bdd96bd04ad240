import type { DehydratedState } from '@tanstack/react-query';
import { RequestError } from './request';
import { DRAWN_STATE_ID, isServerDrawn } from './server-drawn';

/** The state a page was drawn from on the server (src/server/entry.tsx), or null when it was not drawn. */
export function readDrawnState<T extends { queries: DehydratedState }>(): T | null {
  const json = isServerDrawn() ? document.getElementById(DRAWN_STATE_ID)?.textContent : undefined;
  if (!json) return null;
  const state = JSON.parse(json) as T;
  reviveFailures(state.queries);
  return state;
}

/** A failed call drawn by the server (its JSON) as the error the page checks for. */
function reviveFailures(state: DehydratedState): void {
  for (const query of state.queries) {
    const error = query.state.error as { message?: string; code?: number; status?: number } | null;
    if (query.state.status === 'error' && error && !(error instanceof RequestError)) {
      query.state.error = new RequestError(error.message ?? '', error.code ?? 0, undefined, error.status);
    }
  }
}
