import { errorMessage } from '@atrium/graphql-client';
import {
  type MarketplaceSetup,
  useMarketplaceSetup,
  useSetupChange,
} from '@atrium/graphql-client/staff-setup';
import { emit } from '@atrium/stores';
import { Alert, Badge, Button, HStack, PageHeading, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { type ConfirmChange, ConfirmDialog } from '../shared/confirm-dialog';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { SetupStepItem } from './setup-step-item';

/**
 * Setup (owner): what the marketplace still needs before clients can book it — branding, a place,
 * services, a practitioner with hours, reviewed payment settings — each linked to the section where it
 * is done; then Make live (and Take offline again), each confirmed.
 */
export default function SetupSection({ marketplaceId }: ConsoleSectionProps) {
  const setup = useMarketplaceSetup(marketplaceId);
  return (
    <Stack gap="4">
      <PageHeading mb="0">Setup</PageHeading>
      {setup.isPending ? (
        <Loading label="Loading the setup" section />
      ) : setup.isError ? (
        <LoadError error={setup.error} onRetry={() => setup.refetch()} />
      ) : (
        <Checklist marketplaceId={marketplaceId} setup={setup.data} />
      )}
    </Stack>
  );
}

function Checklist({ marketplaceId, setup }: { marketplaceId: string; setup: MarketplaceSetup }) {
  const reviewed = useSetupChange('paymentReviewed');
  const required = setup.steps.filter((step) => step.required);
  const done = required.filter((step) => step.done).length;
  const markReviewed = () =>
    reviewed.mutate(marketplaceId, {
      onSuccess: () => emit('toast', { type: 'success', message: 'Payment settings marked as reviewed.' }),
      onError: (error) => emit('toast', { type: 'error', message: errorMessage(error) }),
    });
  return (
    <Stack gap="4">
      <HStack gap="3" flexWrap="wrap">
        <Badge colorPalette={setup.isLive ? 'green' : 'orange'} size="lg">
          {setup.isLive ? 'Live' : 'Not live'}
        </Badge>
        <Text>
          {setup.isLive
            ? 'Clients can book your marketplace.'
            : 'Clients cannot book yet. Finish the required steps, then make your marketplace live.'}
        </Text>
      </HStack>
      <Text fontWeight="semibold" aria-live="polite">
        {done} of {required.length} required steps done
      </Text>
      <Stack as="ol" listStyleType="none" gap="3" aria-label="Setup steps">
        {setup.steps.map((step) => (
          <SetupStepItem
            key={step.key}
            marketplaceId={marketplaceId}
            step={step}
            onMarkReviewed={step.key === 'PAYMENT_SETTINGS' && !step.done ? markReviewed : undefined}
            marking={reviewed.isPending}
          />
        ))}
      </Stack>
      <GoLive marketplaceId={marketplaceId} setup={setup} />
    </Stack>
  );
}

/** Make live (once ready) or Take offline, each asked about first; a refusal's reason stays shown. */
function GoLive({ marketplaceId, setup }: { marketplaceId: string; setup: MarketplaceSetup }) {
  const live = useSetupChange('live');
  const offline = useSetupChange('offline');
  const [change, setChange] = useState<ConfirmChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (mutation: typeof live, done: string) => async () => {
    setFailure(null);
    try {
      await mutation.mutateAsync(marketplaceId);
      emit('toast', { type: 'success', message: done });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setChange(null);
    }
  };
  const askLive = () =>
    setChange({
      title: 'Make your marketplace live?',
      message: 'Clients can book it from their next page load.',
      confirmLabel: 'Make live',
      run: run(live, 'Your marketplace is live: clients can book it.'),
    });
  const askOffline = () =>
    setChange({
      title: 'Take your marketplace offline?',
      message: 'Clients can no longer book it until you make it live again. Requests already made stand.',
      confirmLabel: 'Take offline',
      run: run(offline, 'Your marketplace is offline: clients cannot book it.'),
    });
  return (
    <Stack gap="3" align="start">
      {failure ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
      {setup.isLive ? (
        <Button variant="outline" colorPalette="red" onClick={askOffline}>
          Take offline
        </Button>
      ) : (
        <>
          <Button onClick={askLive} disabled={!setup.ready}>
            Make live
          </Button>
          {setup.ready ? null : <Text color="fg.muted">Finish the required steps to go live.</Text>}
        </>
      )}
      <ConfirmDialog
        change={change}
        pending={live.isPending || offline.isPending}
        onClose={() => setChange(null)}
      />
    </Stack>
  );
}
