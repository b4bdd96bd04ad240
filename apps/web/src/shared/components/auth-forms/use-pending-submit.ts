import { useState } from 'react';

/**
 * Runs a form's submission while its button shows the loading state. The request wrapper has
 * already shown the user why a call was refused, so a failure only ends the loading state and
 * runs `onRefused` with it (the back-office sign-in fetches a fresh captcha there; the certificate
 * sign-in shows why its file could not be opened).
 */
export function usePendingSubmit() {
  const [pending, setPending] = useState(false);
  const submit = async (work: () => Promise<void>, onRefused?: (error: unknown) => void) => {
    setPending(true);
    try {
      await work();
    } catch (error) {
      onRefused?.(error);
    } finally {
      setPending(false);
    }
  };
  return { pending, submit };
}
