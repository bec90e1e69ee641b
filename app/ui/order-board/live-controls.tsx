import { useTranslation } from 'react-i18next';
import { boardButton } from './order-card.tsx';
import type { useBeep } from './use-live-orders.ts';

/**
 * The live state and the sound switch the staff's live pages share (the orders board, the kitchen
 * display): whether the stream is connected, and the button that turns the beep on (a browser lets a
 * page make sound only after a gesture) or off.
 */
export function LiveControls({ connected, sound }: { connected: boolean; sound: ReturnType<typeof useBeep> }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="status" className="flex items-center gap-2 text-sm font-medium" data-testid="live-state" data-connected={connected}>
        <span aria-hidden="true" className={`inline-block size-3 rounded-full ${connected ? 'bg-olive-600' : 'bg-stone-400'}`} />
        {connected ? t('orders.live') : t('orders.connecting')}
      </p>
      {sound.on ? (
        <button type="button" onClick={sound.disable} className={boardButton} aria-pressed="true">
          {t('orders.soundActive')} · {t('orders.soundOff')}
        </button>
      ) : (
        <button type="button" onClick={sound.enable} className={boardButton} aria-pressed="false">
          {t('orders.soundOn')}
        </button>
      )}
    </>
  );
}
