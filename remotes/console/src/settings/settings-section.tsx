import { useStaffSettings } from '@atrium/graphql-client/staff-settings';
import { useSearchParams } from '@atrium/navigation';
import { Box, Button, Flex, PageHeading, Stack } from '@atrium/ui';
import type { ComponentType } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { CheckoutNotesPanel } from './checkout-notes-panel';
import { ClinicsPanel } from './clinics-panel';
import { DetailsForm } from './details-form';
import { PaymentsForm } from './payments-form';
import { SchedulingForm } from './scheduling-form';
import { ServiceAreaForm } from './service-area-form';
import { UnsavedChangesGuard, useConfirmLeave } from './unsaved-changes';

type PanelProps = Pick<ConsoleSectionProps, 'marketplaceId'> & {
  settings: NonNullable<ReturnType<typeof useStaffSettings>['data']>;
};

/** The parts of the settings, in the side list's order; `?part=` names the one shown. */
export const SETTINGS_PARTS: readonly { id: string; label: string; panel: ComponentType<PanelProps> }[] = [
  { id: 'details', label: 'Details & branding', panel: DetailsForm },
  { id: 'clinics', label: 'Clinics', panel: ClinicsPanel },
  { id: 'area', label: 'At-home area', panel: ServiceAreaForm },
  { id: 'scheduling', label: 'Scheduling', panel: SchedulingForm },
  { id: 'payments', label: 'Payments', panel: PaymentsForm },
  { id: 'questions', label: 'Checkout questions', panel: CheckoutNotesPanel },
];

function PartsNav({ current, onChoose }: { current: string; onChoose: (id: string) => void }) {
  return (
    <Box as="nav" aria-label="Settings" flexShrink={0} width={{ base: 'full', lg: '56' }}>
      <Flex as="ul" listStyleType="none" direction={{ base: 'row', lg: 'column' }} wrap="wrap" gap="1">
        {SETTINGS_PARTS.map((part) => (
          <li key={part.id}>
            <Button
              variant={part.id === current ? 'subtle' : 'ghost'}
              justifyContent="start"
              width={{ lg: 'full' }}
              aria-current={part.id === current ? 'page' : undefined}
              onClick={() => onChoose(part.id)}
            >
              {part.label}
            </Button>
          </li>
        ))}
      </Flex>
    </Box>
  );
}

function SettingsParts({ marketplaceId }: { marketplaceId: string }) {
  const settings = useStaffSettings(marketplaceId);
  const [params, setParams] = useSearchParams();
  const confirmLeave = useConfirmLeave();
  const part = SETTINGS_PARTS.find((item) => item.id === params.get('part')) ?? SETTINGS_PARTS[0];
  if (!part) return null;
  const choose = (id: string) => {
    if (id !== part.id) confirmLeave(() => setParams({ part: id }));
  };
  const Panel = part.panel;

  return (
    <Flex direction={{ base: 'column', lg: 'row' }} gap="6" align="start">
      <PartsNav current={part.id} onChoose={choose} />
      <Box flex="1" minW="0" width="full">
        {settings.isPending ? (
          <Loading label="Loading the settings" section />
        ) : settings.isError ? (
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <Panel key={part.id} marketplaceId={marketplaceId} settings={settings.data} />
        )}
      </Box>
    </Flex>
  );
}

/** The owner's settings: details and branding, clinics, the at-home area, scheduling, payments, checkout questions. */
export default function SettingsSection({ marketplaceId }: ConsoleSectionProps) {
  return (
    <Stack gap="6">
      <PageHeading mb="0">Settings</PageHeading>
      <UnsavedChangesGuard>
        <SettingsParts marketplaceId={marketplaceId} />
      </UnsavedChangesGuard>
    </Stack>
  );
}
