import { Heading, type HeadingProps } from '@chakra-ui/react';

/** The page title of a screen: the one level-1 heading of the page. */
export function PageHeading(props: HeadingProps) {
  return <Heading as="h1" size={{ base: '2xl', md: '3xl' }} mb="4" {...props} />;
}
