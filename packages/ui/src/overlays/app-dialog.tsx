import { CloseButton, Dialog, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIsClient } from '../primitives/use-is-client';
import { useDelayedUnmount } from './use-delayed-unmount';
import { useIsMobile } from './use-is-mobile';

export interface AppDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** Where focus goes first (defaults to the first focusable element). */
  initialFocusEl?: () => HTMLElement | null;
  /** `alertdialog` for messages that need an answer (errors, confirmations). */
  role?: 'dialog' | 'alertdialog';
}

function Body({ open, children }: { open: boolean; children: ReactNode }) {
  return useDelayedUnmount(open) ? children : null;
}

/**
 * A modal dialog. Escape and the close button close it; the page under it stops
 * scrolling only on phone-size screens; its body stays mounted 1 s after closing; a body taller than
 * the window scrolls inside it, keeping the title and the actions in view.
 */
export function Modal(props: AppDialogProps) {
  // Overlays render in the browser only: they portal into the body, and their kind depends on the
  // screen, neither of which a page rendered on the server can know.
  return useIsClient() ? <ModalOverlay {...props} /> : null;
}

function ModalOverlay({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'md',
  initialFocusEl,
  role,
}: AppDialogProps) {
  const mobile = useIsMobile();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size={size}
      // A long body scrolls inside the dialog, under its title and above its actions, so the primary
      // action stays in view on any window height.
      scrollBehavior="inside"
      preventScroll={mobile}
      initialFocusEl={initialFocusEl}
      role={role}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Body open={open}>{children}</Body>
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export type DrawerAnchor = 'bottom' | 'left' | 'right' | 'top';
const placements = { bottom: 'bottom', top: 'top', left: 'start', right: 'end' } as const;

/** A drawer anchored to one side of the screen; Escape closes it. */
export function SideDrawer(props: AppDialogProps & { anchor?: DrawerAnchor }) {
  return useIsClient() ? <DrawerOverlay {...props} /> : null;
}

function DrawerOverlay({
  open,
  onClose,
  title,
  children,
  footer,
  anchor = 'right',
  size = 'md',
  initialFocusEl,
  role,
}: AppDialogProps & { anchor?: DrawerAnchor }) {
  const mobile = useIsMobile();
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement={placements[anchor]}
      size={size}
      preventScroll={mobile}
      initialFocusEl={initialFocusEl}
      // A message that needs an answer is an alertdialog whichever way it opens (a phone's drawer too).
      role={role}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content
            roundedTop={anchor === 'bottom' ? 'l3' : undefined}
            maxH={anchor === 'bottom' ? '90vh' : undefined}
          >
            <Drawer.Header>
              <Drawer.Title>{title}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Body open={open}>{children}</Body>
            </Drawer.Body>
            {footer && <Drawer.Footer>{footer}</Drawer.Footer>}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/** A dialog that is a bottom drawer on phone-size screens and a modal otherwise. */
export function ResponsiveDialog(props: AppDialogProps) {
  const mobile = useIsMobile();
  if (!useIsClient()) return null;
  // As tall as its content (at most 90% of the screen), not the whole screen.
  return mobile ? <DrawerOverlay {...props} anchor="bottom" /> : <ModalOverlay {...props} />;
}
