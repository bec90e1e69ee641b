import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';

/**
 * The board's live side (decision 0031): one EventSource on the orders stream, opened at the page's
 * cursor (`?since=`, read before its data) and resumed by the browser with Last-Event-ID after a
 * cut. Each event names a row only, so the board reads its data again (coalesced: a burst of events
 * is one read). `event: reset` (away longer than the log keeps events) reloads the page.
 */
export function useLiveOrders(streamPath: string, since: number, onPlaced: () => void) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const placed = useRef(onPlaced);
  placed.current = onPlaced;
  // the cursor of the first render: later reads of the page move it, the stream keeps its own place
  const [start] = useState(since);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidate.current(), 150);
    };
    // after the page's load event: a stream opened before it would hold the load (and the browser's spinner) open
    const connect = () => {
      source = new EventSource(`${streamPath}?since=${start}`);
      source.onopen = () => setConnected(true);
      source.onerror = () => setConnected(false);
      source.addEventListener('order.placed', () => {
        placed.current();
        refresh();
      });
      source.addEventListener('order.updated', refresh);
      source.addEventListener('reset', () => window.location.reload());
    };
    if (document.readyState === 'complete') connect();
    else window.addEventListener('load', connect, { once: true });
    return () => {
      window.removeEventListener('load', connect);
      clearTimeout(timer);
      source?.close();
    };
  }, [streamPath, start]);

  return { connected };
}

/**
 * A short beep through WebAudio (no sound file to download). Browsers let a page make sound only
 * after a person's gesture: `enable` runs from the "turn the sound on" button.
 */
export function useBeep() {
  const context = useRef<AudioContext | null>(null);
  const [on, setOn] = useState(false);
  const beep = useCallback(() => {
    const audio = context.current;
    if (!audio) return;
    const now = audio.currentTime;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(880, now);
    oscillator.frequency.setValueAtTime(1320, now + 0.15);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.3, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(now);
    oscillator.stop(now + 0.42);
  }, []);
  const enable = useCallback(() => {
    context.current ??= new AudioContext();
    void context.current.resume();
    setOn(true);
    beep();
  }, [beep]);
  const disable = useCallback(() => {
    void context.current?.close();
    context.current = null;
    setOn(false);
  }, []);
  useEffect(() => () => void context.current?.close(), []);
  return { on, enable, disable, beep: useCallback(() => (on ? beep() : undefined), [on, beep]) };
}
