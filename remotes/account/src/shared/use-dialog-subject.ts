import { useState } from 'react';

/**
 * What a confirmation dialog is about (the card to delete, the membership to cancel). Closing keeps
 * it: the dialog's body stays a moment after closing, and goes on naming it meanwhile.
 */
export function useDialogSubject<T>() {
  const [state, setState] = useState<{ subject: T | null; open: boolean }>({ subject: null, open: false });
  return {
    subject: state.subject,
    open: state.open,
    show: (subject: T) => setState({ subject, open: true }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
