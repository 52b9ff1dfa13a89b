import { Icon, type IconProps } from '@chakra-ui/react';

// A handful of line icons drawn inline: no icon library on the first paint. Decorative by default;
// the control around an icon carries the accessible name.
function svgIcon(path: React.ReactNode) {
  return function LineIcon(props: IconProps) {
    return (
      <Icon aria-hidden="true" boxSize="5" {...props}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {path}
        </svg>
      </Icon>
    );
  };
}

export const CartIcon = svgIcon(
  <>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.4a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 7H6" />
  </>,
);
export const UserIcon = svgIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const PlusIcon = svgIcon(<path d="M12 5v14M5 12h14" />);
export const CalendarIcon = svgIcon(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);
export const CheckIcon = svgIcon(<path d="m5 12 5 5 9-10" />);
export const CloseIcon = svgIcon(<path d="M6 6l12 12M18 6 6 18" />);
export const PinIcon = svgIcon(
  <>
    <path d="M12 22s7-6.1 7-12a7 7 0 0 0-14 0c0 5.9 7 12 7 12z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
);
export const PhoneIcon = svgIcon(
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />,
);
export const SearchIcon = svgIcon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const TrashIcon = svgIcon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
