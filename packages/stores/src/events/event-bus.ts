/** Handler of one event type. */
export type EventHandler<Payload> = (payload: Payload) => void;

/** Payload argument: optional when every field of the payload is optional (e.g. `location-changed`). */
export type EventArgs<Payload> =
  Record<string, never> extends Payload ? [payload?: Payload] : [payload: Payload];

/** Event names mapped to payload objects, e.g. `{ toast: Toast; error: { message: string } }`. */
export type EventMap<Events> = { [Type in keyof Events]: object };

export interface EventBus<Events extends EventMap<Events>> {
  emit<Type extends keyof Events & string>(type: Type, ...args: EventArgs<Events[Type]>): void;
  /** Subscribes a handler; returns the function that unsubscribes it. */
  on<Type extends keyof Events & string>(type: Type, handler: EventHandler<Events[Type]>): () => void;
}

export interface EventBusOptions {
  /** Where a throwing handler's error goes; the other handlers and later events still run. */
  onHandlerError?: (error: unknown, type: string) => void;
}

interface QueuedEvent {
  type: string;
  payload: object;
}

/**
 * A typed, synchronous publish/subscribe bus with a FIFO queue.
 *
 * Not a nanostores atom holding "the last event": nanostores' listener queue reads the atom's value
 * when it drains, so an event emitted from inside a handler (or inside `batch()`) overwrites the one
 * still being delivered and that one is lost. Here every emit is queued and delivered in order, once,
 * to the handlers subscribed when its delivery starts; an emit from inside a handler is delivered
 * right after the current event has reached all of its handlers.
 */
export function createEventBus<Events extends EventMap<Events>>(
  options: EventBusOptions = {},
): EventBus<Events> {
  const handlers = new Map<string, Set<EventHandler<never>>>();
  const queue: QueuedEvent[] = [];
  let draining = false;
  const onHandlerError =
    options.onHandlerError ??
    ((error: unknown, type: string) => {
      console.error(`Handler of "${type}" failed`, error);
    });

  function deliver({ type, payload }: QueuedEvent): void {
    const subscribed = handlers.get(type);
    if (!subscribed) return;
    for (const handler of [...subscribed]) {
      // A handler unsubscribed by an earlier handler of the same event no longer receives it.
      if (!subscribed.has(handler)) continue;
      try {
        (handler as EventHandler<object>)(payload);
      } catch (error) {
        onHandlerError(error, type);
      }
    }
  }

  function drain(): void {
    draining = true;
    try {
      for (let event = queue.shift(); event !== undefined; event = queue.shift()) {
        deliver(event);
      }
    } finally {
      draining = false;
    }
  }

  return {
    emit(type, ...args) {
      queue.push({ type, payload: args[0] ?? {} });
      if (!draining) drain();
    },
    on(type, handler) {
      let subscribed = handlers.get(type);
      if (!subscribed) {
        subscribed = new Set();
        handlers.set(type, subscribed);
      }
      subscribed.add(handler as EventHandler<never>);
      return () => {
        subscribed.delete(handler as EventHandler<never>);
      };
    },
  };
}
