import { priceLabel } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { Box, Flex, Link, Text } from '@atrium/ui';
import { Checkbox } from '@atrium/ui/forms';
import { useId, useState } from 'react';

interface AddOnOptionProps {
  addOn: MarketplaceProcedure['addOns'][number];
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** An add-on in the service dialog: a checkbox with its price, and More info / Less info. */
export function AddOnOption({ addOn, checked, onCheckedChange }: AddOnOptionProps) {
  const [expanded, setExpanded] = useState(false);
  const infoId = useId();
  const info = addOn.description ?? addOn.tagline;
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Flex gap="3" align="center">
        <Checkbox.Root
          flex="1"
          checked={checked}
          onCheckedChange={(details) => onCheckedChange(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{addOn.name}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontWeight="medium">{priceLabel(addOn.price)}</Text>
      </Flex>
      {info && (
        <>
          <Link
            as="button"
            fontSize="sm"
            color="brand.fg"
            mt="1"
            ms="7"
            aria-expanded={expanded}
            aria-controls={infoId}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Less info' : 'More info'}
          </Link>
          <Text id={infoId} hidden={!expanded} fontSize="sm" color="fg.muted" ms="7" mt="1">
            {info}
          </Text>
        </>
      )}
    </Box>
  );
}
