// The Chakra primitives for layout, text and actions. Apps import them from here, never from
// @chakra-ui/react, so the page holds one tree-shaken Chakra inside this shared singleton. Dialogs,
// drawers and toasts are in '@atrium/ui/overlays'; form controls in '@atrium/ui/forms'.
export type { BoxProps, ButtonProps, HeadingProps, StackProps, TextProps } from '@chakra-ui/react';
export {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  IconButton,
  Image,
  Link,
  List,
  Separator,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Table,
  Text,
  VisuallyHidden,
  VStack,
} from '@chakra-ui/react';
// Server rendering puts its style cache above the app (see './server'); one Emotion on the page.
export { CacheProvider as StyleCacheProvider } from '@emotion/react';
export type { AtriumUiProviderProps } from './atrium-ui-provider';
export { AtriumUiProvider, adoptServerStyles } from './atrium-ui-provider';
export {
  CalendarIcon,
  CartIcon,
  CheckIcon,
  CloseIcon,
  PhoneIcon,
  PinIcon,
  PlusIcon,
  SearchIcon,
  TrashIcon,
  UserIcon,
} from './primitives/icons';
export { PageHeading } from './primitives/page-heading';
export type { RetryAlertProps } from './primitives/retry-alert';
export { RetryAlert } from './primitives/retry-alert';
export { IMAGE_RETRIES, IMAGE_TIMEOUT_MS, SafeImage } from './primitives/safe-image';
export { useIsClient } from './primitives/use-is-client';
export type { BrandPalette } from './theme/brand-palette';
export { brandPalette, DEFAULT_PRIMARY_COLOR } from './theme/brand-palette';
export { createTenantSystem, SYSTEM_FONT_STACK, tenantSystem } from './theme/create-tenant-system';
