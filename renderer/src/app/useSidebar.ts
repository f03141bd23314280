import { useLocalStorage } from '@mantine/hooks';

/** Below this window width the sidebar starts collapsed (a 1024 laptop, or 1440 at 150 % zoom). */
export const SIDEBAR_COLLAPSE_BELOW = 1100;

/**
 * Whether the sidebar is collapsed to icons, remembered between runs. Until the user chooses,
 * it follows the window: collapsed on a small screen, open on a large one.
 */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useLocalStorage<boolean>({
    key: 'desk-sidebar-collapsed',
    defaultValue: typeof window !== 'undefined' && window.innerWidth < SIDEBAR_COLLAPSE_BELOW,
    getInitialValueInEffect: false,
  });
  return [collapsed, () => setCollapsed((was) => !was)];
}
