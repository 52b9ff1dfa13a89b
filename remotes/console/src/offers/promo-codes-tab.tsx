import { formatCents } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import {
  type StaffOfferChoices,
  type StaffPromoCode,
  useSetStaffPromoCodePaused,
  useStaffPromoCodes,
} from '@atrium/graphql-client/staff-offers';
import { emit } from '@atrium/stores';
import { Badge, Button, HStack, Stack, Table, Text } from '@atrium/ui';
import { useState } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import { discountText, namesOf, statusLabels, statusPalettes, windowText } from './offer-format';
import { PromoCodeEditor } from './promo-code-editor';

function conditions(promo: StaffPromoCode, choices: StaffOfferChoices): string {
  const parts = [
    promo.serviceIds ? `Only ${namesOf(promo.serviceIds, choices.services)}` : 'Every service',
    promo.minimumOrder ? `orders from ${formatCents(promo.minimumOrder)}` : null,
    promo.perClientLimit ? `${promo.perClientLimit} per client` : null,
    windowText(promo),
  ];
  return parts.filter(Boolean).join('; ');
}

function PromoCodeRow({
  promo,
  choices,
  onEdit,
  onPause,
  pending,
}: {
  promo: StaffPromoCode;
  choices: StaffOfferChoices;
  onEdit: () => void;
  onPause: (paused: boolean) => void;
  pending: boolean;
}) {
  const paused = promo.status === 'PAUSED';
  return (
    <Table.Row>
      <Table.Cell fontWeight="semibold">{promo.code}</Table.Cell>
      <Table.Cell>{discountText(promo)}</Table.Cell>
      <Table.Cell>{conditions(promo, choices)}</Table.Cell>
      <Table.Cell>
        {promo.usageLimit ? `${promo.timesUsed} of ${promo.usageLimit}` : promo.timesUsed}
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={statusPalettes[promo.status]}>{statusLabels[promo.status]}</Badge>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${promo.code}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            onClick={() => onPause(!paused)}
            aria-label={`${paused ? 'Resume' : 'Pause'} ${promo.code}`}
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}

/** The promo codes: each with its discount, conditions, uses and status; create, edit, pause, resume. */
export function PromoCodesTab({
  marketplaceId,
  choices,
}: {
  marketplaceId: string;
  choices: StaffOfferChoices;
}) {
  const promoCodes = useStaffPromoCodes(marketplaceId);
  const setPaused = useSetStaffPromoCodePaused();
  const [editing, setEditing] = useState<StaffPromoCode | 'new' | null>(null);

  const pause = async (promo: StaffPromoCode, paused: boolean) => {
    try {
      await setPaused.mutateAsync({ marketplaceId, id: promo.id, paused });
      emit('toast', {
        type: 'success',
        message: paused ? `${promo.code} is paused: checkout refuses it.` : `${promo.code} is active again.`,
      });
    } catch (error) {
      emit('toast', { type: 'error', message: errorMessage(error) });
    }
  };

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted">Codes clients type at checkout. A change applies to new requests only.</Text>
        <Button onClick={() => setEditing('new')}>New promo code</Button>
      </HStack>
      {promoCodes.isPending ? (
        <Loading label="Loading promo codes" section />
      ) : promoCodes.isError ? (
        <LoadError error={promoCodes.error} onRetry={() => promoCodes.refetch()} />
      ) : promoCodes.data.length === 0 ? (
        <Text>No promo codes yet. Create one to run a promotion.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Promo codes">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Code</Table.ColumnHeader>
                <Table.ColumnHeader>Discount</Table.ColumnHeader>
                <Table.ColumnHeader>Conditions</Table.ColumnHeader>
                <Table.ColumnHeader>Uses</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {promoCodes.data.map((promo) => (
                <PromoCodeRow
                  key={promo.id}
                  promo={promo}
                  choices={choices}
                  pending={setPaused.isPending}
                  onEdit={() => setEditing(promo)}
                  onPause={(paused) => pause(promo, paused)}
                />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing !== null && (
        <PromoCodeEditor
          key={editing === 'new' ? 'new' : editing.id}
          marketplaceId={marketplaceId}
          promo={editing === 'new' ? null : editing}
          choices={choices}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
