import type { Marketplace } from '@atrium/graphql-client';
import { Link as RouterLink, useNavigate } from '@atrium/navigation';
import { $selectedProcedures, $user, emit } from '@atrium/stores';
import {
  Badge,
  Box,
  Button,
  CartIcon,
  Container,
  Flex,
  IconButton,
  Image,
  Link,
  Text,
  UserIcon,
} from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useHideOnScroll } from './use-hide-on-scroll';

const CartDrawer = lazy(() => import('./cart-drawer'));

/** The clients' header: the marketplace's brand, the cart and the account; it hides while scrolling down. */
export function Header({ marketplace }: { marketplace: Marketplace }) {
  const ref = useRef<HTMLElement>(null);
  const hidden = useHideOnScroll(ref);
  const [cartOpen, setCartOpen] = useState(false);
  // The drawer's code loads on the first opening, and stays mounted after it so that closing animates.
  const [cartLoaded, setCartLoaded] = useState(false);
  const openCart = () => {
    setCartLoaded(true);
    setCartOpen(true);
  };

  return (
    <Box
      as="header"
      ref={ref}
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg"
      borderBottomWidth="1px"
      transform={hidden ? 'translateY(-100%)' : undefined}
      transition="transform 0.2s ease"
    >
      <Container maxW="5xl" py="3">
        <Flex align="center" justify="space-between" gap={{ base: '3', sm: '4' }}>
          <BrandLink marketplace={marketplace} />
          <Flex align="center" gap="2" flexShrink="0">
            <CartButton onOpen={openCart} />
            <AccountButton marketplaceId={marketplace.id} />
          </Flex>
        </Flex>
      </Container>
      {cartLoaded && (
        <Suspense fallback={null}>
          <CartDrawer marketplace={marketplace} open={cartOpen} onClose={() => setCartOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * The brand takes the room the buttons leave, however long: a wide logo scales down within its 40 px
 * box, a name is cut with an ellipsis (its full text is still the link's name for screen readers, and
 * a tooltip).
 */
function BrandLink({ marketplace }: { marketplace: Marketplace }) {
  return (
    <Link asChild minW="0" flex="0 1 auto" title={marketplace.name}>
      <RouterLink to="/">
        {marketplace.logo ? (
          <Image
            src={marketplace.logo}
            alt={marketplace.name}
            h="10"
            w="auto"
            maxW="full"
            objectFit="contain"
            objectPosition="left center"
          />
        ) : (
          <Text fontWeight="bold" fontSize="lg" truncate>
            {marketplace.name}
          </Text>
        )}
      </RouterLink>
    </Link>
  );
}

/** The cart's button, named with the count; the count's badge is for the eye only. */
function CartButton({ onOpen }: { onOpen: () => void }) {
  const cartSize = useStore($selectedProcedures).length;
  const cartLabel = `Cart, ${cartSize} selected ${cartSize === 1 ? 'service' : 'services'}`;
  return (
    <Box position="relative">
      <IconButton aria-label={cartLabel} variant="ghost" onClick={onOpen}>
        <CartIcon />
      </IconButton>
      {cartSize > 0 && (
        <Badge
          aria-hidden="true"
          data-testid="cart-count"
          position="absolute"
          top="-1"
          right="-1"
          variant="solid"
          colorPalette="brand"
          rounded="full"
          pointerEvents="none"
        >
          {cartSize}
        </Badge>
      )}
    </Box>
  );
}

/** My Profile for a signed-in client, else Sign in (the account's dialog). */
function AccountButton({ marketplaceId }: { marketplaceId: string }) {
  const navigate = useNavigate();
  const user = useStore($user);
  return user ? (
    <Button size="sm" variant="outline" onClick={() => navigate(`/${marketplaceId}/profile`)}>
      <UserIcon /> My Profile
    </Button>
  ) : (
    <Button size="sm" onClick={() => emit('sign-in:open', {})}>
      <UserIcon /> Sign in
    </Button>
  );
}
