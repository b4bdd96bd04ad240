import { useState } from 'react';

/**
 * Runs a form's submission while its button shows the loading state. The request wrapper has
 * already shown the user why a call was refused, so a failure only ends the loading state and
 * runs `onRefused` (the back-office sign-in fetches a fresh captcha there).
 */
export function usePendingSubmit() {
  const [pending, setPending] = useState(false);
  const submit = async (work: () => Promise<void>, onRefused?: () => void) => {
    setPending(true);
    try {
      await work();
    } catch {
      onRefused?.();
    } finally {
      setPending(false);
    }
  };
  return { pending, submit };
}
