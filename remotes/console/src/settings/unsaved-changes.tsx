import { useNavigate } from '@atrium/navigation';
import { Button, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

interface UnsavedChanges {
  /** A form says whether it holds changes not saved yet (false again when it goes away). */
  report: (form: string, dirty: boolean) => void;
  /** Runs `leave` at once, or once the user agrees to lose the unsaved changes. */
  confirmLeave: (leave: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges>({
  report: () => undefined,
  confirmLeave: (leave) => leave(),
});

/** Tells the guard whether this form holds unsaved changes, while it is shown. */
export function useReportDirty(form: string, dirty: boolean) {
  const { report } = useContext(UnsavedChangesContext);
  useEffect(() => {
    report(form, dirty);
    return () => report(form, false);
  }, [form, dirty, report]);
}

export const useConfirmLeave = () => useContext(UnsavedChangesContext).confirmLeave;

/** The link a click inside the page follows, when it is one of this site's pages. */
function internalLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return null;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Warns before unsaved changes are lost: closing or reloading the tab (the browser's own prompt),
 * following a link of the console, or switching to another part of the settings (a dialog asks).
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const dirtyForms = useRef(new Set<string>());
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);

  const report = useCallback((form: string, isDirty: boolean) => {
    if (isDirty) dirtyForms.current.add(form);
    else dirtyForms.current.delete(form);
    setDirty(dirtyForms.current.size > 0);
  }, []);
  const confirmLeave = useCallback((leave: () => void) => {
    if (dirtyForms.current.size === 0) leave();
    else setPending(() => leave);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const click = (event: MouseEvent) => {
      const to = internalLink(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => navigate(to));
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, navigate]);

  const discard = () => {
    const leave = pending;
    dirtyForms.current.clear();
    setDirty(false);
    setPending(null);
    leave?.();
  };
  const value = useMemo(() => ({ report, confirmLeave }), [report, confirmLeave]);

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        role="alertdialog"
        title="Discard unsaved changes?"
        footer={
          <>
            <Button variant="outline" onClick={() => setPending(null)}>
              Keep editing
            </Button>
            <Button colorPalette="red" onClick={discard}>
              Discard changes
            </Button>
          </>
        }
      >
        <Text>Your changes have not been saved. Leave and lose them?</Text>
      </Modal>
    </UnsavedChangesContext.Provider>
  );
}
