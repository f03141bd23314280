import { expect, saveScreenshot, test } from './fixtures';

const SCREENS = [
  { route: '/bookings', name: 'bookings', ready: 'Bookings' },
  { route: '/bookings/DELIVERED-OLD', name: 'booking', ready: 'DELIVERED-OLD' },
  { route: '/filmers', name: 'filmers', ready: 'Filmers' },
  { route: '/catalogue', name: 'catalogue', ready: 'Catalogue' },
  { route: '/catalogue/matching', name: 'matching', ready: 'Matching' },
  { route: '/filmers/2', name: 'filmer-jumps', ready: 'Filmers' },
  { route: '/settings', name: 'settings', ready: 'Settings' },
  { route: '/log', name: 'log', ready: 'Log' },
  { route: '/import/bookings', name: 'import', ready: 'Import' },
  { route: '/imports', name: 'history', ready: 'Import history' },
];
for (const size of [{ width: 1024, height: 768 }, { width: 1440, height: 900 }]) {
  test(`probe ${size.width}`, async ({ page, desk }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    for (const s of SCREENS) {
      await desk.open(page, s.route);
      await expect(page.getByRole('main').getByText(s.ready).first()).toBeVisible();
      await page.waitForTimeout(400);
      const info = await page.evaluate(() => {
        const vw = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('main *')].filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > vw + 1; }).slice(0, 5).map((e) => `${e.tagName}.${(e.className || '').toString().slice(0, 40)} ${e.getAttribute('data-testid') ?? ''} r=${Math.round(e.getBoundingClientRect().right)}`);
        const inner = [...document.querySelectorAll('[role=grid]')].map((g) => `${g.getAttribute('aria-label')} sw=${g.scrollWidth} cw=${g.clientWidth}`);
        return { sw: document.documentElement.scrollWidth, vw, wide, inner };
      });
      console.log(size.width, s.name, JSON.stringify(info));
      await saveScreenshot(page, `probe-${size.width}-${s.name}`);
    }
  });
}
