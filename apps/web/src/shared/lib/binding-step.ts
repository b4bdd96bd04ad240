import { DRAW_ENTROPY } from '@lvb/contracts/draw';
import type { RuleObject } from 'antd/es/form';
import { useState } from 'react';
import { refusalText } from '@/shared/components/list-kit/form-dialog';

/**
 * The last, binding step of a two-step dialog (review, then do it): runs `step` once at a time,
 * and keeps the server's refusal (not yet the time, the status moved on…) in view in the dialog
 * instead of closing it.
 */
export function useBindingStep() {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await step();
    } catch (error) {
      setRefusal(refusalText(error) ?? (error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, clearRefusal: () => setRefusal(null), run };
}

/** The draw's entropy as a witness or owner types it: up to 32 digits, or none. */
export const entropyRule = (message: string): RuleObject => ({
  validator: async (_, value: unknown) => {
    if (!DRAW_ENTROPY.test(String(value ?? '').trim())) throw new Error(message);
  },
});
