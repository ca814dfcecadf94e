import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type SVGProps,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { useAddressPathname } from '../shown-location';
import { homePathForRole, type Role } from '@annasetu/domain';
import { Logo } from '../../components/ui/logo';
import { RevealAppWithPage } from '../first-frame/reveal';
import { PageSpinner } from '../../components/ui/spinner';
import {
  BellIcon,
  ChartIcon,
  ChatIcon,
  CloseIcon,
  GiftIcon,
  HomeIcon,
  InboxIcon,
  LogoutIcon,
  MapIcon,
  MenuIcon,
  ShieldIcon,
  UserIcon,
} from '../../components/ui/icons';
import { useLogout } from '../../features/auth/api/logout';
import { LanguageSelect } from '../../features/language/components/language-select';
import { LiveUpdates } from '../../features/live/components/live-updates';
import { OfflineSync } from '../../offline/components/offline-sync';
import { PushRefresh } from '../../features/push/components/push-refresh';
import { useUnreadCount } from '../../features/notifications/api/get-unread-count';
import { UnreadBadge } from '../../features/notifications/components/unread-badge';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';

type NavKey =
  | 'dashboard'
  | 'donations'
  | 'requests'
  | 'map'
  | 'analytics'
  | 'chatbot'
  | 'notifications'
  | 'profile'
  | 'admin';

interface NavItem {
  key: NavKey;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  end?: boolean;
}

function navItems(role: Role): NavItem[] {
  const items: NavItem[] = [
    { key: 'dashboard', to: homePathForRole(role), icon: HomeIcon, end: true },
    { key: 'donations', to: '/donations', icon: GiftIcon },
    { key: 'requests', to: '/requests', icon: InboxIcon },
    { key: 'map', to: '/map', icon: MapIcon },
    { key: 'analytics', to: '/analytics', icon: ChartIcon },
    { key: 'chatbot', to: '/chatbot', icon: ChatIcon },
    { key: 'notifications', to: '/notifications', icon: BellIcon },
    { key: 'profile', to: '/profile', icon: UserIcon },
  ];
  if (role === 'admin') items.push({ key: 'admin', to: '/admin', icon: ShieldIcon });
  return items;
}

/** What Tab can reach inside the drawer. */
const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled])';

// The phone's bar gives each label about 70 px: its words are the short forms (`bottomNav`)
// where a language's full name would break in two or touch the edge (Tamil, Kannada, Bengali).
const BOTTOM_NAV: NavKey[] = ['dashboard', 'donations', 'requests', 'map', 'profile'];
const PHONE_QUERY = '(max-width: 959px)';

interface AddressNavLinkProps {
  to: string;
  end?: boolean;
  className: string;
  activeClassName: string;
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A navigation link that follows the address, not the page still drawn while the next one's
 * code loads (decision 0077): the tapped item lights up at once, and a second tap on it before
 * its page shows replaces the history entry instead of adding one, so Back still goes back.
 */
function AddressNavLink({
  to,
  end,
  className,
  activeClassName,
  onClick,
  children,
}: AddressNavLinkProps) {
  const address = useAddressPathname();
  const active = end ? address === to : address === to || address.startsWith(`${to}/`);
  return (
    <Link
      to={to}
      replace={address === to}
      className={active ? `${className} ${activeClassName}` : className}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {children}
    </Link>
  );
}

/**
 * The signed-in shell: sidebar on wide screens; on phones a drawer (menu button) plus a bottom
 * bar with the five most used places.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  // The address, not the page drawn: see useAddressPathname.
  const pathname = useAddressPathname();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const sidebarRef = useRef<HTMLElement>(null);
  const unread = useUnreadCount(Boolean(user));
  const logoutMutation = useLogout();

  // Any navigation closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname]);

  // The open drawer is modal: Tab and Shift+Tab cycle inside it, focus that lands outside
  // (a click, a screen reader) is brought back, Escape closes it, and closing returns focus to
  // the menu button. Set up as the drawer is drawn, not after the next frame: a key pressed
  // between the two (Escape at once after opening, on a slow phone) found no listener and was
  // lost, and the focus stayed on the menu button meanwhile.
  useLayoutEffect(() => {
    if (!drawerOpen) return;
    const sidebar = sidebarRef.current;
    // The menu button is always on the page: the one that opened the drawer gets focus back.
    const menuButton = menuButtonRef.current;
    closeButtonRef.current?.focus();
    const focusables = () =>
      sidebar
        ? [...sidebar.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
            (element) => element.getClientRects().length > 0,
          )
        : [];
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDrawerOpen(false);
        return;
      }
      if (event.key !== 'Tab') return;
      const list = focusables();
      const first = list[0];
      const last = list[list.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !sidebar?.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !sidebar?.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (sidebar && event.target instanceof Node && !sidebar.contains(event.target)) {
        closeButtonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      const active = document.activeElement;
      if (!active || active === document.body || sidebar?.contains(active)) {
        menuButton?.focus();
      }
    };
  }, [drawerOpen]);

  if (!user) return null;
  const items = navItems(user.role);
  const drawerHidden = isPhone && !drawerOpen;

  function handleLogout() {
    logoutMutation.mutate(undefined, {
      onSuccess: () => {
        void toast.success(t('auth.toast.loggedOut'));
        logoutMutation.forgetSession();
        void navigate('/', { replace: true });
      },
      onError: () => {
        void toast.error(t('auth.toast.logoutError'));
      },
    });
  }

  function closeDrawer() {
    setDrawerOpen(false);
  }

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>

      <header className="topbar">
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button topbar__menu"
          aria-label={t('layout.openMenu')}
          aria-expanded={drawerOpen}
          aria-controls="app-sidebar"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to={homePathForRole(user.role)} className="topbar__brand">
          <Logo />
        </Link>
        <div className="topbar__actions">
          <LanguageSelect />
          <Link to="/notifications" className="icon-button bell">
            <BellIcon />
            <span className="sr-only">{t('nav.notifications')}</span>
            <UnreadBadge count={unread} />
          </Link>
        </div>
      </header>

      <aside
        ref={sidebarRef}
        id="app-sidebar"
        className={`sidebar${drawerOpen ? ' sidebar--open' : ''}`}
        inert={drawerHidden}
        role={isPhone && drawerOpen ? 'dialog' : undefined}
        aria-modal={isPhone && drawerOpen ? true : undefined}
        aria-label={isPhone ? t('layout.menu') : undefined}
      >
        <div className="sidebar__head">
          {/* Like the menu's links, the logo closes the drawer, even on the page it leads to. */}
          <Link to={homePathForRole(user.role)} className="sidebar__brand" onClick={closeDrawer}>
            <Logo />
          </Link>
          <button
            ref={closeButtonRef}
            type="button"
            className="icon-button sidebar__close"
            aria-label={t('layout.closeMenu')}
            onClick={closeDrawer}
          >
            <CloseIcon />
          </button>
        </div>
        <nav aria-label={t('layout.mainNav')} className="sidebar__nav">
          <ul>
            {items.map(({ key, to, icon: Icon, end }) => (
              <li key={key}>
                <AddressNavLink
                  to={to}
                  end={end}
                  className="nav-link"
                  activeClassName="nav-link--active"
                  onClick={closeDrawer}
                >
                  <Icon className="nav-link__icon" />
                  <span className="nav-link__text">{t(`nav.${key}`)}</span>
                  {key === 'notifications' ? <UnreadBadge count={unread} /> : null}
                </AddressNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="sidebar__user">
          <span className="avatar" aria-hidden="true">
            {Array.from(user.name.trim())[0]?.toLocaleUpperCase()}
          </span>
          <div className="sidebar__user-text">
            <p className="sidebar__user-name">{user.name}</p>
            <p className="sidebar__user-role">{t(`roles.${user.role}.label`)}</p>
          </div>
        </div>
        <button
          type="button"
          className="nav-link nav-link--button"
          onClick={handleLogout}
          disabled={logoutMutation.isPending}
        >
          <LogoutIcon className="nav-link__icon" />
          <span className="nav-link__text">{t('nav.logout')}</span>
        </button>
      </aside>
      {isPhone && drawerOpen ? (
        <div className="drawer-backdrop" aria-hidden="true" onClick={closeDrawer} />
      ) : null}

      <main id="main" className="app-main" tabIndex={-1}>
        <OfflineSync />
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <RevealAppWithPage />
        </Suspense>
      </main>

      <LiveUpdates enabled />
      <PushRefresh />

      <nav className="bottom-nav" aria-label={t('layout.quickNav')}>
        <ul>
          {BOTTOM_NAV.map((key) => {
            const item = items.find((entry) => entry.key === key)!;
            const Icon = item.icon;
            return (
              <li key={key}>
                <AddressNavLink
                  to={item.to}
                  end={item.end}
                  className="bottom-nav__link"
                  activeClassName="active"
                >
                  <Icon className="bottom-nav__icon" />
                  <span>{t(`bottomNav.${key}`)}</span>
                </AddressNavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

export { AppLayout as Component };
