import { describe, expect, it } from 'vitest';
import { closeLiveBus, createMemoryLiveBus, liveBus, provideLiveBus, publishLive, type LiveBus } from './live-bus.server.ts';

describe("this process's live bus", () => {
  it('is made on first use, the way the composition root said; a publish that fails never reaches the writer', async () => {
    const published: string[] = [];
    let made = 0;
    let closed = false;
    let failing = false;
    const fake: LiveBus = {
      publish(restaurantId, channel) {
        if (failing) throw new Error('bus down');
        published.push(`${restaurantId}:${channel}`);
      },
      subscribe: () => () => {},
      publishAccess: () => {},
      subscribeAccess: () => () => {},
      close: async () => void (closed = true),
    };
    provideLiveBus(() => {
      made++;
      return fake;
    });
    expect(made).toBe(0);
    publishLive('r1', 'orders');
    expect(liveBus()).toBe(fake);
    expect(made).toBe(1);
    expect(published).toEqual(['r1:orders']);

    failing = true;
    expect(() => publishLive('r1', 'orders')).not.toThrow();

    await closeLiveBus();
    expect(closed).toBe(true);
    provideLiveBus(createMemoryLiveBus);
  });

  it("on SQLite, wakes after the publisher's own work and only the subscribers of that restaurant's channel", async () => {
    const bus = createMemoryLiveBus();
    const woken: string[] = [];
    const stop = bus.subscribe('r1', 'orders', () => woken.push('r1'));
    bus.subscribe('r2', 'orders', () => woken.push('r2'));
    bus.publish('r1', 'orders');
    expect(woken).toEqual([]);
    await Promise.resolve();
    expect(woken).toEqual(['r1']);
    stop();
    bus.publish('r1', 'orders');
    await Promise.resolve();
    expect(woken).toEqual(['r1']);
    await bus.close();
    bus.publish('r2', 'orders');
    await Promise.resolve();
    expect(woken).toEqual(['r1']);
  });
});
