import { useEffect, useRef } from 'react';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';

/** Every save is confirmed by a toast and every failure says why (DESIGN.md, owners' editor). */
export function useActionToast(result: ActionResult | undefined, state: 'idle' | 'loading' | 'submitting') {
  const toast = useToast();
  const shown = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (state !== 'idle' || !result || shown.current === result) return;
    shown.current = result;
    toast(result.ok ? { message: result.message } : { message: result.error, type: 'error' });
  }, [result, state, toast]);
}
