import {
  IconArrowLeft as TablerArrowLeft,
  IconCalendar as TablerCalendar,
  IconCheck as TablerCheck,
  IconChevronDown,
  IconChevronUp,
  IconAlertTriangle as TablerAlertTriangle,
  IconCloudUpload as TablerCloudUpload,
  IconColumns as TablerColumns,
  IconCopy as TablerCopy,
  IconCreditCard as TablerCreditCard,
  IconDeviceDesktop as TablerDeviceDesktop,
  IconDots as TablerDots,
  IconDownload as TablerDownload,
  IconFileImport as TablerFileImport,
  IconHistory as TablerHistory,
  IconLayoutSidebarLeftCollapse as TablerSidebarCollapse,
  IconLayoutSidebarLeftExpand as TablerSidebarExpand,
  IconListDetails as TablerListDetails,
  IconLock as TablerLock,
  IconLockOpen as TablerLockOpen,
  IconMinus as TablerMinus,
  IconMoon as TablerMoon,
  IconPackage as TablerPackage,
  IconPencil as TablerPencil,
  IconPlus as TablerPlus,
  IconPoint as TablerPoint,
  IconPrinter as TablerPrinter,
  IconRefresh as TablerRefresh,
  IconSearch as TablerSearch,
  IconSelector,
  IconSettings as TablerSettings,
  IconSun as TablerSun,
  IconTicket as TablerTicket,
  IconTrash as TablerTrash,
  IconUpload as TablerUpload,
  IconVideo as TablerVideo,
  type Icon as TablerIcon,
  type IconProps,
} from '@tabler/icons-react';

/**
 * The app's icons: Tabler's outline set (Mantine's companion), at the desk's default size.
 * Screens import from here, so the size and stroke stay one decision.
 */
function sized(Icon: TablerIcon) {
  const SizedIcon = ({ size = 16, stroke = 2, ...rest }: IconProps) => (
    <Icon size={size} stroke={stroke} aria-hidden focusable={false} {...rest} />
  );
  SizedIcon.displayName = Icon.displayName;
  return SizedIcon;
}

export const IconAlertTriangle = sized(TablerAlertTriangle);
export const IconArrowLeft = sized(TablerArrowLeft);
export const IconCalendar = sized(TablerCalendar);
export const IconCheck = sized(TablerCheck);
export const IconCloudUpload = sized(TablerCloudUpload);
export const IconColumns = sized(TablerColumns);
export const IconCopy = sized(TablerCopy);
export const IconCreditCard = sized(TablerCreditCard);
export const IconDeviceDesktop = sized(TablerDeviceDesktop);
export const IconDot = sized(TablerPoint);
export const IconDots = sized(TablerDots);
export const IconDownload = sized(TablerDownload);
export const IconFileImport = sized(TablerFileImport);
export const IconHistory = sized(TablerHistory);
export const IconListDetails = sized(TablerListDetails);
export const IconLock = sized(TablerLock);
export const IconLockOpen = sized(TablerLockOpen);
export const IconMinus = sized(TablerMinus);
export const IconMoon = sized(TablerMoon);
export const IconPackage = sized(TablerPackage);
export const IconPencil = sized(TablerPencil);
export const IconPlus = sized(TablerPlus);
export const IconPrinter = sized(TablerPrinter);
export const IconRefresh = sized(TablerRefresh);
export const IconSearch = sized(TablerSearch);
export const IconSettings = sized(TablerSettings);
export const IconSidebarCollapse = sized(TablerSidebarCollapse);
export const IconSidebarExpand = sized(TablerSidebarExpand);
export const IconSun = sized(TablerSun);
export const IconTicket = sized(TablerTicket);
export const IconTrash = sized(TablerTrash);
export const IconUpload = sized(TablerUpload);
export const IconVideo = sized(TablerVideo);

const SORT_ICONS = { asc: sized(IconChevronUp), desc: sized(IconChevronDown), none: sized(IconSelector) };

/** A column header's sort state: up, down, or a faint up-down when unsorted. */
export function SortIcon({ direction, size = 14 }: { direction: 'asc' | 'desc' | false; size?: number }) {
  const Icon = SORT_ICONS[direction || 'none'];
  return <Icon size={size} stroke={2.25} opacity={direction ? 1 : 0.45} />;
}
