import type { MarketplaceCategory, MarketplaceProcedure } from '@atrium/graphql-client';
import { Accordion, Box, Text } from '@atrium/ui';
import { ServiceRow } from './service-row';

interface CategoryAccordionProps {
  categories: readonly MarketplaceCategory[];
  inCart: ReadonlySet<string>;
  onToggle: (procedure: MarketplaceProcedure) => void;
  onOpen: (procedure: MarketplaceProcedure) => void;
  /** Categories open at first; the first one when not given (spec 2). */
  defaultOpen?: string[];
}

/** Services grouped by category; the first category is open to begin with (spec 2). */
export function CategoryAccordion({
  categories,
  inCart,
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
                  <ServiceRow
                    key={procedure.id}
                    procedure={procedure}
                    inCart={inCart.has(procedure.id)}
                    onToggle={onToggle}
                    onOpen={onOpen}
                  />
                ))}
              </Box>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
