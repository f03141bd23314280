import { expect, type Locator, type Page } from '@playwright/test';
import type { DeskUnderTest } from '../fixtures';
import { expectSettled } from '../settled';

/**
 * Every screen, as reception opens it (the list accessibility.spec.ts checks too): shown when its
 * `ready` text is in the main area and, where the screen before it has that text too, `shows`.
 */
export const SCREENS: { route: string; name: string; ready: string; shows?: string }[] = [
  { route: '/bookings', name: 'Bookings', ready: 'Bookings' },
  { route: '/bookings/DELIVERED-OLD', name: 'a booking', ready: 'DELIVERED-OLD' },
  { route: '/filmers', name: 'Filmers', ready: 'Filmers' },
  { route: '/catalogue', name: 'Catalogue', ready: 'Catalogue' },
  {
    route: '/catalogue/matching',
    name: 'Catalogue matching',
    ready: 'Matching',
    shows: '[data-testid="match-tester"]',
  },
  { route: '/filmers/2', name: "a filmer's jumps", ready: 'Filmers', shows: '[role="dialog"]' },
  { route: '/settings', name: 'Settings', ready: 'Settings' },
  { route: '/log', name: 'Log', ready: 'Log' },
  { route: '/import/bookings', name: 'Import', ready: 'Import' },
  { route: '/imports', name: 'Import history', ready: 'Import history' },
];

/**
 * Shows each screen of SCREENS in turn, as reception goes from one to the next: the desk loaded
 * once, then each screen reached inside the page by its hash route (what the sidebar's links and
 * Alt+1…8 do), and `look` called once it is shown: its ready text there, nothing on it still
 * loading, no animation running. A page load per screen cost ~1 s of CPU more on two cores, and a
 * screen looks the same however it was reached.
 */
export async function eachScreen(
  page: Page,
  desk: DeskUnderTest,
  look: (screen: (typeof SCREENS)[number]) => Promise<void>,
): Promise<void> {
  await desk.open(page, SCREENS[0]!.route);
  for (const screen of SCREENS) {
    await page.evaluate((route) => void (window.location.hash = route), screen.route);
    await expect(page).toHaveURL(new RegExp(`#${screen.route}$`));
    const main = page.getByRole('main');
    await expect(main.getByText(screen.ready).first()).toBeVisible();
    if (screen.shows) await expect(page.locator(screen.shows).first()).toBeVisible();
    await expect(main.getByTestId('loading')).toHaveCount(0);
    // Past the first paint's fade-ins, so colours and edges are read as shown.
    await expectSettled(page);
    await look(screen);
  }
}

/** The frame's layout controls: the sidebar toggle, the appearance switch, folding toolbars. */
export class Layout {
  constructor(private readonly page: Page) {}

  readonly sidebarToggle = () => this.page.getByTestId('sidebar-toggle');
  readonly navbar = () => this.page.getByTestId('navbar');
  readonly nav = () => this.page.getByRole('navigation', { name: 'Screens' });
  readonly appearanceMenu = () => this.page.getByTestId('color-scheme-menu');
  readonly scheme = () => this.page.locator('html').getAttribute('data-mantine-color-scheme');

  async chooseAppearance(label: 'Light' | 'Dark' | 'Follow the system'): Promise<void> {
    await this.appearanceMenu().click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  /**
   * A toolbar action is reachable: shown in the window, or in the "More" menu whose button is
   * (the menu is opened to see it, and closed again).
   */
  async expectReachable(action: Locator, more: Locator): Promise<void> {
    if (await action.isVisible()) {
      await expect(action).toBeInViewport({ ratio: 1 });
      return;
    }
    await expect(more).toBeInViewport({ ratio: 1 });
    await more.click();
    await expect(action).toBeVisible();
    await expect(action).toBeInViewport({ ratio: 1 });
    await this.page.keyboard.press('Escape');
    await expect(action).toBeHidden();
  }

  /**
   * What sticks out sideways: the page's own scroll width, and any element of the main area whose
   * right edge passes the window's, unless an ancestor clips it (a grid that scrolls inside, a
   * visually hidden table).
   */
  async sidewaysOverflow(): Promise<{ pageScrolls: boolean; sticking: string[] }> {
    return this.page.evaluate(() => {
      const root = document.documentElement;
      const width = root.clientWidth;
      const main = document.querySelector('main');
      const clipped = (element: Element): boolean => {
        for (let node: Element | null = element; node && node !== main; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.overflowX !== 'visible' || style.clip !== 'auto' || style.clipPath !== 'none') return true;
        }
        return false;
      };
      const sticking = main
        ? [...main.querySelectorAll('*')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              return box.width > 0 && box.right > width + 1 && !clipped(element);
            })
            .slice(0, 5)
            .map(
              (element) =>
                `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''} ${(element.textContent ?? '').trim().slice(0, 40)} (right ${Math.round(element.getBoundingClientRect().right)})`,
            )
        : [];
      return { pageScrolls: root.scrollWidth > width, sticking };
    });
  }
}
