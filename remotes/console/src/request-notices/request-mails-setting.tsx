import { errorMessage } from '@atrium/graphql-client';
import {
  useSetNewRequestMails,
  useStaffRequestNoticeSettings,
} from '@atrium/graphql-client/staff-request-notices';
import { emit } from '@atrium/stores';
import { Checkbox, Fieldset } from '@atrium/ui/forms';
import { useState } from 'react';

export const requestMailTexts = {
  legend: 'Your notifications',
  label: 'Mail me about new requests',
  on: 'You will get a mail about each new request.',
  off: 'You will no longer get mails about new requests.',
} as const;

/**
 * The signed-in member's own mail about each new request, on or off; saved at once (the box shows
 * the choice while it is saved) and said in a toast. Shown once the saved setting is known.
 */
export function RequestMailsSetting({ marketplaceId }: { marketplaceId: string }) {
  const settings = useStaffRequestNoticeSettings(marketplaceId);
  const change = useSetNewRequestMails();
  // The choice being saved, rendered at once from the click so a refusal visibly puts the box back.
  const [saving, setSaving] = useState<boolean | null>(null);
  if (!settings.data) return null;
  const checked = saving ?? settings.data.mailNewRequests;
  const save = (enabled: boolean) => {
    setSaving(enabled);
    change.mutate(
      { marketplaceId, enabled },
      {
        onSettled: () => setSaving(null),
        onSuccess: (saved) =>
          emit('toast', {
            type: 'success',
            message: saved.mailNewRequests ? requestMailTexts.on : requestMailTexts.off,
          }),
        onError: (error) => emit('toast', { type: 'error', message: errorMessage(error) }),
      },
    );
  };
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" color="fg.muted">
        {requestMailTexts.legend}
      </Fieldset.Legend>
      <Checkbox.Root
        size="sm"
        checked={checked}
        disabled={change.isPending}
        onCheckedChange={(details) => save(details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{requestMailTexts.label}</Checkbox.Label>
      </Checkbox.Root>
    </Fieldset.Root>
  );
}
