import { Kbd, NavLink, Stack, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useLocation } from 'wouter';
import {
  IconFileImport,
  IconCloudUpload,
  IconHistory,
  IconListDetails,
  IconPackage,
  IconSettings,
  IconTicket,
  IconVideo,
} from '../components/icons';
import { NAV_ITEMS } from './nav-items';

const ICONS: Record<(typeof NAV_ITEMS)[number]['path'], typeof IconTicket> = {
  '/bookings': IconTicket,
  '/filmers': IconVideo,
  '/catalogue': IconPackage,
  '/settings': IconSettings,
  '/log': IconListDetails,
  '/import/bookings': IconFileImport,
  '/imports': IconHistory,
  '/sync': IconCloudUpload,
};

const shortcutLabel = (shortcut: string) => shortcut.replace('alt+', 'Alt ');

/** The screens, each with its Alt shortcut. Collapsed: icons only, the name in a tooltip and for screen readers. */
export function Navigation({ collapsed }: { collapsed: boolean }) {
  const [location, navigate] = useLocation();
  useHotkeys(NAV_ITEMS.map((item) => [item.shortcut, () => navigate(item.path)]));
  return (
    <Stack gap={4} p="xs" component="nav" aria-label="Screens">
      {NAV_ITEMS.map((item) => {
        const Icon = ICONS[item.path];
        const link = (
          <NavLink
            key={item.path}
            href={`#${item.path}`}
            label={collapsed ? undefined : item.label}
            aria-label={collapsed ? item.label : undefined}
            leftSection={<Icon size={18} />}
            active={
              location === item.path ||
              location.startsWith(`${item.path}/`) ||
              ('activeFor' in item && location.startsWith(item.activeFor))
            }
            rightSection={collapsed ? undefined : <Kbd size="xs">{shortcutLabel(item.shortcut)}</Kbd>}
            onClick={(event) => {
              event.preventDefault();
              navigate(item.path);
            }}
          />
        );
        return collapsed ? (
          <Tooltip key={item.path} label={`${item.label} (${shortcutLabel(item.shortcut)})`} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </Stack>
  );
}
