import { errorMessage } from '@atrium/graphql-client';
import { emit } from '@atrium/stores';
import { Button, Heading, Stack, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import type { ReactNode } from 'react';

/** A titled part of the Team page, named by its heading for screen readers. */
export function Part({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Stack
        direction={{ base: 'column', sm: 'row' }}
        justify="space-between"
        align={{ sm: 'center' }}
        gap="2"
      >
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        {actions}
      </Stack>
      {children}
    </Stack>
  );
}

export interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
}

/** Asks before a destructive change; closes when it is done. */
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
            colorPalette="red"
            loading={pending}
            onClick={() => {
              confirmation?.run().then(onClose, () => onClose());
            }}
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

/** Toasts what a change did, or why the server refused it (then rethrows, so a form can keep its values). */
export async function toastResult<T>(run: Promise<T>, done: string): Promise<T> {
  try {
    const result = await run;
    emit('toast', { type: 'success', message: done });
    return result;
  } catch (error) {
    emit('toast', { type: 'error', message: errorMessage(error) });
    throw error;
  }
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
