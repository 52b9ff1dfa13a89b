export type { BoxProps, ButtonProps, HeadingProps, StackProps, TextProps } from '@chakra-ui/react';
// The Chakra primitives apps may use. Apps import them from here, never from @chakra-ui/react,
// so that the page holds one tree-shaken Chakra inside this shared singleton.
export {
  Accordion,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  CloseButton,
  Container,
  Dialog,
  Drawer,
  Field,
  Flex,
  Grid,
  GridItem,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  Link,
  List,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  Spinner,
  Stack,
  Tabs,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
} from '@chakra-ui/react';
export type { AtriumUiProviderProps } from './atrium-ui-provider';
export { AtriumUiProvider } from './atrium-ui-provider';
export { PageHeading } from './primitives/page-heading';
export type { BrandPalette } from './theme/brand-palette';
export { brandPalette, DEFAULT_PRIMARY_COLOR } from './theme/brand-palette';
export { createTenantSystem, SYSTEM_FONT_STACK } from './theme/create-tenant-system';
