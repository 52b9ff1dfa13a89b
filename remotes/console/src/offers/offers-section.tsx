import { useStaffOfferChoices } from '@atrium/graphql-client/staff-offers';
import { useSearchParams } from '@atrium/navigation';
import { Button, HStack, PageHeading, Stack, Text } from '@atrium/ui';
import { type KeyboardEvent, useRef } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { MembershipsTab } from './memberships-tab';
import { PackagesTab } from './packages-tab';
import { PromoCodesTab } from './promo-codes-tab';

const tabs = [
  { id: 'promo-codes', label: 'Promo codes' },
  { id: 'memberships', label: 'Memberships' },
  { id: 'packages', label: 'Packages' },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** The tab in the address (?tab=), Promo codes by default. */
function useTab(): [TabId, (tab: TabId) => void] {
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((item) => item.id === params.get('tab'))?.id ?? 'promo-codes';
  return [tab, (next) => setParams(next === 'promo-codes' ? {} : { tab: next }, { replace: true })];
}

/** The tab list: arrow keys, Home and End move between tabs (the WAI-ARIA tabs pattern). */
function OfferTabs({ current, onChange }: { current: TabId; onChange: (tab: TabId) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.id);
    buttons.current[tabs.indexOf(next)]?.focus();
  };
  return (
    <HStack
      role="tablist"
      aria-label="Offers"
      gap="1"
      borderBottomWidth="1px"
      onKeyDown={onKeyDown}
      wrap="wrap"
    >
      {tabs.map((tab, index) => (
        <Button
          key={tab.id}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          id={`offers-tab-${tab.id}`}
          role="tab"
          aria-selected={tab.id === current}
          aria-controls={`offers-panel-${tab.id}`}
          tabIndex={tab.id === current ? 0 : -1}
          variant={tab.id === current ? 'solid' : 'ghost'}
          roundedBottom="0"
          onClick={() => onChange(tab.id)}
        >
          {tab.label}
        </Button>
      ))}
    </HStack>
  );
}

/**
 * Offers (the owner): promo codes, memberships and packages, each listed with where it stands and
 * changed in an editor. A change takes effect on clients' next page load and never changes what an
 * already-requested appointment or an active membership costs.
 */
export default function OffersSection({ marketplaceId }: ConsoleSectionProps) {
  const [tab, setTab] = useTab();
  const choices = useStaffOfferChoices(marketplaceId);
  return (
    <Stack gap="4">
      <PageHeading mb="0">Offers</PageHeading>
      <Text color="fg.muted">Promotions, memberships and packages your clients can use.</Text>
      <OfferTabs current={tab} onChange={setTab} />
      <Stack
        role="tabpanel"
        id={`offers-panel-${tab}`}
        aria-labelledby={`offers-tab-${tab}`}
        tabIndex={0}
        gap="4"
      >
        {choices.isPending ? (
          <Loading label="Loading offers" section />
        ) : choices.isError ? (
          <LoadError error={choices.error} onRetry={() => choices.refetch()} />
        ) : tab === 'promo-codes' ? (
          <PromoCodesTab marketplaceId={marketplaceId} choices={choices.data} />
        ) : tab === 'memberships' ? (
          <MembershipsTab marketplaceId={marketplaceId} choices={choices.data} />
        ) : (
          <PackagesTab marketplaceId={marketplaceId} choices={choices.data} />
        )}
      </Stack>
    </Stack>
  );
}
