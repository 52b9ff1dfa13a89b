import { Box, Button, Flex } from '@atrium/ui';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabDefinition<T extends string> {
  value: T;
  label: string;
}

interface ProfileTabsProps<T extends string> {
  label: string;
  tabs: readonly TabDefinition<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The active tab's panel (the others are not rendered). */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys, Home and End move between tabs and select them. Built
 * from the shared Button rather than Chakra's Tabs, which @atrium/ui does not carry: adding it there
 * would put it in the first-paint bundle of every page.
 */
export function ProfileTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  children,
}: ProfileTabsProps<T>) {
  const id = useId();
  const refs = useRef<Partial<Record<string, HTMLButtonElement | null>>>({});
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );

  const select = (next: number) => {
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.value);
    refs.current[tab.value]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <Box>
      <Flex role="tablist" aria-label={label} gap="1" borderBottomWidth="1px" mb="5" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <Button
              key={tab.value}
              ref={(element) => {
                refs.current[tab.value] = element;
              }}
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              variant="ghost"
              borderRadius="0"
              borderBottomWidth="2px"
              borderBottomColor={selected ? 'brand.solid' : 'transparent'}
              color={selected ? 'fg' : 'fg.muted'}
              fontWeight={selected ? 'semibold' : 'normal'}
              mb="-1px"
              // Only the background eases: a fading underline would show two tabs as chosen.
              transitionProperty="background"
              onClick={() => onChange(tab.value)}
            >
              {tab.label}
            </Button>
          );
        })}
      </Flex>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${value}`} tabIndex={0}>
        {children}
      </Box>
    </Box>
  );
}
