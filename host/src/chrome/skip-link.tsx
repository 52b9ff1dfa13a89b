import { Link } from '@atrium/ui';
import { MAIN_CONTENT_ID } from './use-focus-on-navigate';

/**
 * The first thing a keyboard reaches on every page (WCAG 2.4.1): 'Skip to main content', hidden
 * until focused, moves focus past the header to the page body without changing the address.
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      position="absolute"
      top="2"
      left="2"
      zIndex="skipNav"
      bg="bg"
      color="fg"
      px="4"
      py="2"
      borderRadius="md"
      boxShadow="md"
      fontWeight="semibold"
      transform="translateY(-200%)"
      _focus={{ transform: 'none' }}
    >
      Skip to main content
    </Link>
  );
}
