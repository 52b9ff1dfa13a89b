import { removePreviewCookie, storePreviewCookie } from '@atrium/federation';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffRemoteVersions,
  useStaffClearRemoteOverride,
  useStaffRollbackRemoteOverride,
  useStaffSetRemoteOverride,
  useStaffStartRemotePreview,
} from '@atrium/graphql-client/staff';
import { emit } from '@atrium/stores';
import { useState } from 'react';
import type { ConfirmChange } from '../shared/confirm-dialog';
import { changeQuestions, currentRelease, formatInstant, previewPages, remoteLabels } from './version-format';

/**
 * A change asked about before it runs: once confirmed, a toast says what it did, or the server's
 * reason for refusing it is kept (to show by the release it was about) and toasted.
 */
function useConfirmedChange() {
  const [change, setChange] = useState<ConfirmChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const ask = (question: Omit<ConfirmChange, 'run'>, action: () => Promise<string>) =>
    setChange({
      ...question,
      run: async () => {
        setFailure(null);
        try {
          const done = await action();
          emit('toast', { type: 'success', message: done });
        } catch (error) {
          const message = errorMessage(error);
          setFailure(message);
          emit('toast', { type: 'error', message });
        } finally {
          setChange(null);
        }
      },
    });

  return { change, failure, ask, dismiss: () => setChange(null) };
}

/** Opens the page in a new tab; false when the browser refused (a pop-up blocker). */
function openInNewTab(page: string): boolean {
  // No 'noopener' feature: with it, the browser answers null even for a tab it opened.
  const opened = window.open(page, '_blank');
  if (opened) opened.opener = null;
  return opened !== null;
}

/**
 * The changes the owner makes to what one remote's clients get, each confirmed first: preview the
 * `chosen` release in this browser, make it live, roll back, or go back to the default.
 */
export function useVersionChanges(marketplaceId: string, item: StaffRemoteVersions, chosen: string) {
  const label = remoteLabels[item.remote];
  const part = label.toLowerCase();
  const { change, failure, ask, dismiss } = useConfirmedChange();
  // Shown when the preview's tab was refused, so the owner can open it themselves.
  const [previewLink, setPreviewLink] = useState<string | null>(null);
  const makeLive = useStaffSetRemoteOverride();
  const rollBack = useStaffRollbackRemoteOverride();
  const clear = useStaffClearRemoteOverride();
  const preview = useStaffStartRemotePreview();
  const scope = { marketplaceId, remote: item.remote };

  const onPreview = () =>
    ask(changeQuestions.preview(part, chosen), async () => {
      const started = await preview.mutateAsync({ ...scope, version: chosen });
      storePreviewCookie({ marketplaceId, token: started.token, expiresAt: started.expiresAt });
      const page = `/${marketplaceId}/${previewPages[item.remote]}`;
      setPreviewLink(openInNewTab(page) ? null : page);
      return `Previewing ${part} ${started.version} in this browser until ${formatInstant(started.expiresAt)}.`;
    });

  const onMakeLive = () =>
    ask(changeQuestions.makeLive(part, chosen), async () => {
      await makeLive.mutateAsync({ ...scope, version: chosen });
      // A preview in this browser would hide what the clients now get.
      removePreviewCookie(marketplaceId);
      return `${label} ${chosen} is live for your clients.`;
    });

  const onRollBack = () =>
    ask(changeQuestions.rollBack(part, item), async () => {
      const now = currentRelease(await rollBack.mutateAsync(scope));
      return `${label} rolled back: your clients get ${now.version ?? 'the built-in version'}.`;
    });

  const onRestoreDefault = () =>
    ask(changeQuestions.restoreDefault(part, item), async () => {
      await clear.mutateAsync(scope);
      return `${label}: your clients get the default again.`;
    });

  return {
    change,
    dismiss,
    failure,
    previewLink,
    pending: makeLive.isPending || rollBack.isPending || clear.isPending || preview.isPending,
    preview: onPreview,
    makeLive: onMakeLive,
    rollBack: onRollBack,
    restoreDefault: onRestoreDefault,
  };
}

export type VersionChanges = ReturnType<typeof useVersionChanges>;
