import { errorMessage } from '@atrium/graphql-client';
import { emit } from '@atrium/stores';
import { Button, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';

/** A change that needs the owner's yes first: archive, unarchive or delete. */
export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  destructive: boolean;
  run: () => Promise<unknown>;
}

/** Asks before a change that takes something off the menu or deletes it. */
export function ConfirmChange({
  confirmation,
  pending,
  onClose,
}: {
  confirmation: Confirmation | null;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={confirmation !== null}
      onClose={onClose}
      role="alertdialog"
      title={confirmation?.title ?? ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Back
          </Button>
          <Button
            loading={pending}
            colorPalette={confirmation?.destructive ? 'red' : undefined}
            onClick={() => confirmation?.run().finally(onClose)}
          >
            {confirmation?.confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{confirmation?.message}</Text>
    </Modal>
  );
}

/** Runs a change and says how it went in a toast; resolves with its result, or null when it failed. */
export async function withToast<T>(change: Promise<T>, success: string): Promise<T | null> {
  try {
    const result = await change;
    emit('toast', { type: 'success', message: success });
    return result;
  } catch (error) {
    emit('toast', { type: 'error', message: errorMessage(error) });
    return null;
  }
}

/** A list's ids with one moved a place up (-1) or down (+1). */
export function moved(ids: string[], id: string, by: -1 | 1): string[] {
  const index = ids.indexOf(id);
  const to = index + by;
  if (index < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[to]] = [next[to] as string, next[index] as string];
  return next;
}

/** A service's price options as a line: '$45.00 · 30 min', several joined by commas. */
export function optionsLine(prices: number[], durations: number[]): string {
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  return prices.map((price, index) => `${money(price)} · ${durations[index] ?? durations[0]} min`).join(', ');
}
