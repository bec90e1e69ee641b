import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReader, type OrdersStream } from './orders-stream.ts';

/** A stream whose state the test sets. */
function fakeStream(open = true): OrdersStream & { open: boolean } {
  return {
    open,
    isOpen() {
      return this.open;
    },
    stop() {},
  };
}

describe('pageReader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads a burst once, 150 ms after its last ask', () => {
    const revalidate = vi.fn();
    const stream = fakeStream();
    const reader = pageReader(revalidate, () => stream);
    reader.read();
    vi.advanceTimersByTime(100);
    reader.read();
    vi.advanceTimersByTime(149);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('leading: reads at the first ask, without waiting for a burst', () => {
    const revalidate = vi.fn();
    const stream = fakeStream();
    pageReader(revalidate, () => stream, { leading: true }).read();
    expect(revalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('leading: reads a burst at its first ask and once more 150 ms after its last', () => {
    const revalidate = vi.fn();
    const stream = fakeStream();
    const reader = pageReader(revalidate, () => stream, { leading: true });
    reader.read();
    for (let ask = 0; ask < 4; ask++) {
      vi.advanceTimersByTime(100);
      reader.read();
    }
    expect(revalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(149);
    expect(revalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledTimes(2);
    // a later ask, after the burst: read at once again
    vi.advanceTimersByTime(500);
    reader.read();
    expect(revalidate).toHaveBeenCalledTimes(3);
  });

  it('does not read while the stream is down, and reads once it opens again', () => {
    const revalidate = vi.fn();
    const stream = fakeStream(false);
    const reader = pageReader(revalidate, () => stream, { leading: true });
    reader.read();
    vi.advanceTimersByTime(1_000);
    expect(revalidate).not.toHaveBeenCalled();
    stream.open = true;
    reader.onOpen();
    expect(revalidate).toHaveBeenCalledTimes(1);
    // nothing waited any more: a second open reads nothing
    reader.onOpen();
    vi.advanceTimersByTime(1_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("reads a refused stream's ask while the device is online, and not while it is offline", () => {
    const revalidate = vi.fn();
    const stream = fakeStream(false);
    const reader = pageReader(revalidate, () => stream, { leading: true });
    vi.stubGlobal('navigator', { onLine: false });
    reader.read(true);
    expect(revalidate).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { onLine: true });
    vi.advanceTimersByTime(1_000);
    reader.read(true);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it('stop cancels a read still waiting for the end of its burst', () => {
    const revalidate = vi.fn();
    const stream = fakeStream();
    const reader = pageReader(revalidate, () => stream, { leading: true });
    reader.read();
    reader.read();
    reader.stop();
    vi.advanceTimersByTime(1_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});
