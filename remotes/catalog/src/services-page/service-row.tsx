import { durationLabel, priceLabel } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { Box, CheckIcon, Flex, IconButton, Link, PlusIcon, SafeImage, Stack, Text } from '@atrium/ui';
import { memo } from 'react';
import { useIsInCart } from './use-cart';

interface ServiceRowProps {
  procedure: MarketplaceProcedure;
  onToggle: (procedure: MarketplaceProcedure) => void;
  onOpen: (procedure: MarketplaceProcedure) => void;
}

/**
 * One service: thumbnail, name, description clamped to 2 lines, starting price and duration, and
 * an add/check toggle. Memoised, and the toggle reads the cart on its own: adding or removing a service
 * re-renders its toggle only, not the row or the list.
 */
export const ServiceRow = memo(function ServiceRow({ procedure, onToggle, onOpen }: ServiceRowProps) {
  return (
    <Flex as="li" gap="4" py="4" align="center" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <SafeImage
        src={procedure.thumbnail}
        alt=""
        boxSize={{ base: '14', md: '16' }}
        borderRadius="md"
        objectFit="cover"
        flexShrink={0}
      />
      <Stack gap="1" flex="1" minW="0">
        <Link
          as="button"
          textAlign="start"
          fontWeight="semibold"
          onClick={() => onOpen(procedure)}
          aria-label={`${procedure.name}, details`}
        >
          {procedure.name}
        </Link>
        {procedure.description && (
          <Text fontSize="15px" color="fg.muted" lineClamp={2}>
            {procedure.description}
          </Text>
        )}
        <PriceAndDuration price={priceLabel(procedure.price)} duration={durationLabel(procedure.duration)} />
      </Stack>
      <Box flexShrink={0}>
        <ServiceToggle procedure={procedure} onToggle={onToggle} />
      </Box>
    </Flex>
  );
});

/** '$120+ · 45 min': the dot is decoration, so screen readers hear the price then the duration. */
export function PriceAndDuration({ price, duration }: { price: string | null; duration: string | null }) {
  return (
    <Flex gap="2" align="baseline" wrap="wrap">
      {price && <Text fontWeight="medium">{price}</Text>}
      {price && duration && (
        <Text as="span" color="fg.muted" aria-hidden="true">
          ·
        </Text>
      )}
      {duration && <Text color="fg.muted">{duration}</Text>}
    </Flex>
  );
}

/** The add/check button of a service: pressed while the service is in the cart. */
function ServiceToggle({ procedure, onToggle }: Pick<ServiceRowProps, 'procedure' | 'onToggle'>) {
  const inCart = useIsInCart(procedure.id);
  return (
    <IconButton
      aria-label={inCart ? `Remove ${procedure.name}` : `Add ${procedure.name}`}
      aria-pressed={inCart}
      variant={inCart ? 'solid' : 'outline'}
      colorPalette="brand"
      rounded="full"
      onClick={() => onToggle(procedure)}
    >
      {inCart ? <CheckIcon /> : <PlusIcon />}
    </IconButton>
  );
}
