import { errorMessage, GENERIC_ERROR_MESSAGE } from '@atrium/graphql-client';
import { emit, type ToastType } from '@atrium/stores';

/** Shows a toast through the host's toast area. */
export function notify(type: ToastType, message: string): void {
  emit('toast', { type, message });
}

/** The server's message for a failed call when it gave one, else the spec's message for that failure. */
export function serverMessageOr(error: unknown, fallback: string): string {
  const message = errorMessage(error);
  return message === GENERIC_ERROR_MESSAGE ? fallback : message;
}
