import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../src/abp/events.ts';

interface TestEvents {
  'app.started': undefined;
  'app.saved': { id: number };
}

describe('createEventBus', () => {
  it('calls every handler of an event with its payload', () => {
    const bus = createEventBus<TestEvents>();
    const first = vi.fn();
    const second = vi.fn();
    bus.on('app.saved', first);
    bus.on('app.saved', second);
    bus.trigger('app.saved', { id: 4 });
    expect(first).toHaveBeenCalledExactlyOnceWith({ id: 4 });
    expect(second).toHaveBeenCalledExactlyOnceWith({ id: 4 });
  });

  it('calls handlers of an event without a payload', () => {
    const bus = createEventBus<TestEvents>();
    const handler = vi.fn();
    bus.on('app.started', handler);
    bus.trigger('app.started');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not call handlers of another event', () => {
    const bus = createEventBus<TestEvents>();
    const handler = vi.fn();
    bus.on('app.saved', handler);
    bus.trigger('app.started');
    expect(handler).not.toHaveBeenCalled();
  });

  it('stops calling a handler once it is unsubscribed, and keeps the others', () => {
    const bus = createEventBus<TestEvents>();
    const leaving = vi.fn();
    const staying = vi.fn();
    const off = bus.on('app.saved', leaving);
    bus.on('app.saved', staying);
    off();
    bus.trigger('app.saved', { id: 1 });
    expect(leaving).not.toHaveBeenCalled();
    expect(staying).toHaveBeenCalledTimes(1);
  });

  it('accepts a trigger of an event nobody listens to', () => {
    const bus = createEventBus<TestEvents>();
    expect(() => bus.trigger('app.saved', { id: 2 })).not.toThrow();
  });

  it('keeps the handlers of separate buses apart', () => {
    const one = createEventBus<TestEvents>();
    const two = createEventBus<TestEvents>();
    const handler = vi.fn();
    one.on('app.started', handler);
    two.trigger('app.started');
    expect(handler).not.toHaveBeenCalled();
  });
});
