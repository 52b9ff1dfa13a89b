import { previewTokenFromCookies, removePreviewCookie } from '@atrium/federation';
import { endRemotePreview } from '@atrium/graphql-client';
import { Button, Flex, Text, useIsClient } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import type { PagePreview } from '../document-state';

/** The owner's preview the page was served with (document state), for the notice. */
export const $pagePreview = atom<PagePreview | null>(null);

/**
 * Tells the owner their browser loads a release no client gets yet (a preview of a version), with
 * a way to end it. Shown in the browser only, on the previewed marketplace's pages.
 */
export function PreviewNotice({ marketplaceId }: { marketplaceId: string | null }) {
  const preview = useStore($pagePreview);
  const client = useIsClient();
  const [ending, setEnding] = useState(false);
  if (!client || !preview || preview.marketplaceId !== marketplaceId) return null;

  const end = async () => {
    setEnding(true);
    const token = previewTokenFromCookies(document.cookie);
    // Revoked on the API when it can be; the cookie going is what ends it for this browser either way.
    if (token) await endRemotePreview(preview.marketplaceId, token).catch(() => false);
    removePreviewCookie(preview.marketplaceId);
    window.location.reload();
  };

  return (
    <Flex
      as="aside"
      aria-label="Preview"
      role="status"
      bg="orange.100"
      color="orange.950"
      borderBottomWidth="1px"
      borderColor="orange.300"
      px="4"
      py="2"
      gap="3"
      align="center"
      justify="center"
      wrap="wrap"
    >
      <Text fontSize="sm" fontWeight="medium">
        Previewing {preview.remote} {preview.version} — only you see this
      </Text>
      <Button size="xs" variant="outline" colorPalette="orange" loading={ending} onClick={end}>
        End preview
      </Button>
    </Flex>
  );
}
