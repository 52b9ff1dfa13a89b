import { Box, CloseButton, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore } from 'react';
import { useIsMobile } from './use-is-mobile';

export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type ToastPlacement =
  | 'bottom-left'
  | 'bottom-middle'
  | 'bottom-right'
  | 'left-middle'
  | 'right-middle'
  | 'top-left'
  | 'top-middle'
  | 'top-right';

export interface ToastOptions {
  message: string;
  type?: ToastType;
  placement?: ToastPlacement;
  /** Auto-hide after this many ms; 0 keeps it until closed. */
  durationMs?: number;
}

interface ShownToast extends Required<ToastOptions> {
  id: number;
}

/** Toast defaults: info, auto-hide on, 4000 ms, bottom-right. */
export const TOAST_DEFAULT_TYPE: ToastType = 'info';
export const TOAST_DEFAULT_DURATION_MS = 4000;
export const TOAST_DEFAULT_PLACEMENT: ToastPlacement = 'bottom-right';

let shown: ShownToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: ShownToast[]) => {
  shown = next;
  for (const listener of listeners) listener();
};

/** Shows a toast; returns a function that closes it. */
export function showToast(options: ToastOptions): () => void {
  const toast: ShownToast = {
    id: nextId++,
    message: options.message,
    type: options.type ?? TOAST_DEFAULT_TYPE,
    placement: options.placement ?? TOAST_DEFAULT_PLACEMENT,
    durationMs: options.durationMs ?? TOAST_DEFAULT_DURATION_MS,
  };
  publish([...shown, toast]);
  return () => closeToast(toast.id);
}

export function closeToast(id: number) {
  publish(shown.filter((toast) => toast.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const regionStyles: Record<ToastPlacement, Record<string, string>> = {
  'top-left': { top: '4', left: '4' },
  'top-middle': { top: '4', left: '50%', transform: 'translateX(-50%)' },
  'top-right': { top: '4', right: '4' },
  'bottom-left': { bottom: '4', left: '4' },
  'bottom-middle': { bottom: '4', left: '50%', transform: 'translateX(-50%)' },
  'bottom-right': { bottom: '4', right: '4' },
  'left-middle': { top: '50%', left: '4', transform: 'translateY(-50%)' },
  'right-middle': { top: '50%', right: '4', transform: 'translateY(-50%)' },
};

/**
 * On a phone, a toast meant for the bottom shows across the top instead: the bottom of a phone's
 * screen is where its drawers (sign-in, the cart) put their fields and actions, which it would cover.
 */
const phoneTopStyles = { top: '4', left: '4', right: '4' };

const accents: Record<ToastType, string> = {
  info: 'blue.solid',
  success: 'green.solid',
  warning: 'orange.solid',
  error: 'red.solid',
};

function ToastItem({ toast }: { toast: ShownToast }) {
  useEffect(() => {
    if (toast.durationMs <= 0) return;
    const timer = setTimeout(() => closeToast(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast]);
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <Flex
      role={urgent ? 'alert' : 'status'}
      data-type={toast.type}
      align="start"
      gap="3"
      bg="bg.panel"
      color="fg"
      borderLeftWidth="4px"
      borderColor={accents[toast.type]}
      boxShadow="lg"
      borderRadius="md"
      px="4"
      py="3"
      minW={{ base: 'auto', md: '72' }}
      maxW="sm"
    >
      <Text flex="1">{toast.message}</Text>
      <CloseButton size="2xs" aria-label="Dismiss" onClick={() => closeToast(toast.id)} />
    </Flex>
  );
}

/** The toast area: one stack per placement in use. Render once, at the top of the page. */
export function ToastRegion() {
  const toasts = useSyncExternalStore(
    subscribe,
    () => shown,
    () => shown,
  );
  const placements = [...new Set(toasts.map((toast) => toast.placement))];
  const mobile = useIsMobile();
  const styles = (placement: ToastPlacement) =>
    mobile && placement.startsWith('bottom') ? phoneTopStyles : regionStyles[placement];
  // Portalled to the body, each stack a live region of its own: an open modal hides everything else
  // from assistive technology except live regions at the top level, so toasts shown over a dialog
  // (e.g. 'Passcode sent successfully!' over sign-in) are still announced.
  return (
    <Portal>
      {placements.map((placement) => (
        <Box key={placement} position="fixed" zIndex="toast" aria-live="polite" {...styles(placement)}>
          <Stack gap="2">
            {toasts
              .filter((toast) => toast.placement === placement)
              .map((toast) => (
                <ToastItem key={toast.id} toast={toast} />
              ))}
          </Stack>
        </Box>
      ))}
    </Portal>
  );
}
