import type { MarketplaceCategory, MarketplaceProcedure } from '@atrium/graphql-client';
import { Accordion, Box, Text } from '@atrium/ui';
import { memo } from 'react';
import { ServiceRow } from './service-row';

interface CategoryAccordionProps {
  categories: readonly MarketplaceCategory[];
  onToggle: (procedure: MarketplaceProcedure) => void;
  onOpen: (procedure: MarketplaceProcedure) => void;
  /** Categories open at first; the first one when not given. */
  defaultOpen?: string[];
}

/**
 * Services grouped by category; the first category is open to begin with. The cart is not
 * among its props (each toggle reads it), and it is memoised: a change of the cart, or of the page
 * around it (the service dialog's address), re-renders none of it.
 */
export const CategoryAccordion = memo(function CategoryAccordion({
  categories,
  onToggle,
  onOpen,
  defaultOpen,
}: CategoryAccordionProps) {
  const first = categories[0]?.id;
  return (
    <Accordion.Root
      multiple
      lazyMount
      defaultValue={defaultOpen ?? (first ? [first] : [])}
      variant="enclosed"
    >
      {categories.map((category) => (
        <Accordion.Item key={category.id} value={category.id}>
          <Accordion.ItemTrigger>
            <Box flex="1" textAlign="start">
              <Text fontWeight="semibold" fontSize="lg">
                {category.name}
              </Text>
              {category.description && (
                <Text fontSize="sm" color="fg.muted" fontWeight="normal">
                  {category.description}
                </Text>
              )}
            </Box>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody pt="0">
              <Box as="ul" listStyleType="none" aria-label={category.name}>
                {category.procedures.map((procedure) => (
                  <ServiceRow key={procedure.id} procedure={procedure} onToggle={onToggle} onOpen={onOpen} />
                ))}
              </Box>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
});
