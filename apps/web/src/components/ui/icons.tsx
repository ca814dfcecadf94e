import type { SVGProps } from 'react';

/** Line icons drawn on a 24px grid; always decorative (the text next to them carries meaning). */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

export const HomeIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V21h14V9.5" />
    <path d="M10 21v-6h4v6" />
  </Icon>
);
export const GiftIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M5 12v9h14v-9" />
    <path d="M12 8c-1.5-3-5-4-5.5-2S9 8 12 8Zm0 0c1.5-3 5-4 5.5-2S15 8 12 8Z" />
  </Icon>
);
export const InboxIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 13 6.5 5h11L20 13v6H4v-6Z" />
    <path d="M4 13h4.5l1.5 2.5h4L15.5 13H20" />
  </Icon>
);
export const ChartIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-5M12 16V8M16 16v-3M20 16V6" />
  </Icon>
);
export const ChatIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Icon>
);
export const BellIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);
export const UserIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4.5 4.5-6.5 8-6.5s7 2 8 6.5" />
  </Icon>
);
export const MapIcon = (p: P) => (
  <Icon {...p}>
    <path d="M9 4 3 6.5v13.5L9 17.5l6 2.5 6-2.5V4l-6 2.5L9 4Z" />
    <path d="M9 4v13.5M15 6.5V20" />
  </Icon>
);
export const ShieldIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.3 7.5 9.5 4.3-1.2 7.5-5 7.5-9.5V6L12 3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
export const LogoutIcon = (p: P) => (
  <Icon {...p}>
    <path d="M15 4h4v16h-4" />
    <path d="M10 8l-4 4 4 4M6 12h10" />
  </Icon>
);
export const MenuIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);
export const CloseIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const EyeIcon = (p: P) => (
  <Icon {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);
export const EyeOffIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 3l18 18" />
    <path d="M10.6 6.1A9.6 9.6 0 0 1 12 6c6 0 9.5 6 9.5 6a16 16 0 0 1-3.1 3.8M6.3 7.7A15.7 15.7 0 0 0 2.5 12S6 18 12 18a9 9 0 0 0 4.2-1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);
export const ChevronDownIcon = (p: P) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const GlobeIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z" />
  </Icon>
);
export const LeafIcon = (p: P) => (
  <Icon {...p}>
    <path d="M5 19c0-9 5-14 15-14 0 10-5 15-14 15" />
    <path d="M5 19c3-4 6-6.5 10-8.5" />
  </Icon>
);
export const TruckIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </Icon>
);
export const PinIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 1 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);
export const CoinIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9 9h5a2 2 0 0 1 0 4H9m0-4v8m0-4h4" />
  </Icon>
);
export const BowlIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 11h18a9 9 0 0 1-18 0Z" />
    <path d="M8 8c0-1.5 1-2 1-3.5M12 8c0-1.5 1-2 1-3.5M16 8c0-1.5 1-2 1-3.5" />
  </Icon>
);
export const UsersIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.5M18 14.8c1.8.8 3 2.5 3.5 5.2" />
  </Icon>
);
export const StoreIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 9 5.5 4h13L20 9" />
    <path d="M4 9h16a3 3 0 0 1-5.3 1.9A3 3 0 0 1 12 12a3 3 0 0 1-2.7-1.1A3 3 0 0 1 4 9Z" />
    <path d="M5.5 12v8h13v-8M10 20v-4h4v4" />
  </Icon>
);
export const HeartHandIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 11.5S7.5 8.7 7.5 6a2.3 2.3 0 0 1 4.5-.8A2.3 2.3 0 0 1 16.5 6c0 2.7-4.5 5.5-4.5 5.5Z" />
    <path d="M3 15h3l4 1.5h3.5a1.5 1.5 0 0 1 0 3H10M6 15v5H3M13.5 19.5 19 17a1.5 1.5 0 0 1 1.5 2.5L14 22H8" />
  </Icon>
);
export const SproutIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 21v-9" />
    <path d="M12 12c0-4-3-6-7-6 0 4 3 6 7 6ZM12 14c0-4 3-7 7.5-7 0 4.5-3 7-7.5 7Z" />
  </Icon>
);
export const BirdIcon = (p: P) => (
  <Icon {...p}>
    <path d="M16 6.5a3 3 0 0 0-5.6 1.5L10 12c-3 0-5.5-1.5-7-4 0 6 3.5 10 9 10a6 6 0 0 0 6-6V9l3-1.5-3-1Z" />
    <circle cx="15.5" cy="7.5" r="0.6" fill="currentColor" />
    <path d="M11 18l-1 3M14 18l1 3" />
  </Icon>
);
export const UtensilsIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 3v7a2 2 0 0 0 4 0V3M8 3v18" />
    <path d="M17 3c-2 1.5-3 4-3 7h3v11" />
  </Icon>
);
export const LocateIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="6.5" />
    <circle cx="12" cy="12" r="2" />
    <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3" />
  </Icon>
);
export const SparkIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Icon>
);
