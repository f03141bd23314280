import { seriousFindings } from './axe';
import { expect, test } from './fixtures';

/** Every screen, as reception opens it, at the two laptop sizes: no critical or serious axe finding. */
const SCREENS: { route: string; name: string; ready: string }[] = [
  { route: '/bookings', name: 'Bookings', ready: 'Bookings' },
  { route: '/bookings/DELIVERED-OLD', name: 'a booking', ready: 'DELIVERED-OLD' },
  { route: '/filmers', name: 'Filmers', ready: 'Filmers' },
  { route: '/catalogue', name: 'Catalogue', ready: 'Catalogue' },
  { route: '/catalogue/matching', name: 'Catalogue matching', ready: 'Matching' },
  { route: '/filmers/2', name: "a filmer's jumps", ready: 'Filmers' },
  { route: '/settings', name: 'Settings', ready: 'Settings' },
  { route: '/log', name: 'Log', ready: 'Log' },
  { route: '/import/bookings', name: 'Import', ready: 'Import' },
  { route: '/imports', name: 'Import history', ready: 'Import history' },
];

const RUNS = [
  { width: 1440, height: 900, scheme: 'light' },
  { width: 1024, height: 768, scheme: 'light' },
  // Dark mode (following the system): its contrast is checked as much as light's.
  { width: 1440, height: 900, scheme: 'dark' },
] as const;

for (const { scheme, ...size } of RUNS) {
  test(`axe finds nothing critical or serious on any screen at ${size.width}×${size.height}${scheme === 'dark' ? ' in dark mode' : ''}`, async ({ page, desk }) => {
    // Ten screens, each analysed whole: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    const findings: string[] = [];
    for (const screen of SCREENS) {
      await desk.open(page, screen.route);
      await expect(page.getByRole('main').getByText(screen.ready).first()).toBeVisible();
      // Past the first paint's fade-ins, so colours are read as shown.
      await page.waitForTimeout(300);
      for (const finding of await seriousFindings(page)) findings.push(`${screen.name}: ${finding}`);
    }
    // Every screen's findings at once: one run says all there is to fix.
    expect(findings).toEqual([]);
  });
}
