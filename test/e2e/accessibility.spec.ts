import { COLOUR_RULES, seriousFindings } from './axe';
import { expect, saveScreenshot, readOnlyTest as test } from './fixtures';
import { SCREENS } from './pages/layout';
import { expectSettled } from './settled';

const RUNS = [
  { width: 1440, height: 900, scheme: 'light' },
  // 1024×768 light: the layout sweep at that size runs axe on every screen too (layout.spec.ts),
  // one opening of each screen for both.
  // Dark mode (following the system): its colours are checked as much as light's (the rest of
  // what axe checks is the same markup as light's, checked above).
  { width: 1440, height: 900, scheme: 'dark' },
] as const;

/** Every screen (pages/layout.ts SCREENS) at 1440×900, and in dark mode: no critical or serious axe finding. */
for (const { scheme, ...size } of RUNS) {
  test(`axe finds nothing critical or serious on any screen at ${size.width}×${size.height}${scheme === 'dark' ? ' in dark mode (and its screenshots)' : ''}`, async ({
    page,
    desk,
  }) => {
    // Ten screens, each analysed whole: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: scheme });
    const findings: string[] = [];
    for (const screen of SCREENS) {
      await desk.open(page, screen.route);
      await expect(page.getByRole('main').getByText(screen.ready).first()).toBeVisible();
      // Past the first paint's fade-ins, so colours are read as shown.
      await expectSettled(page);
      const rules = scheme === 'dark' ? COLOUR_RULES : undefined;
      for (const finding of await seriousFindings(page, undefined, rules)) findings.push(`${screen.name}: ${finding}`);
      if (scheme === 'dark')
        await saveScreenshot(page, `layout-dark-${size.width}-${screen.route.slice(1).replaceAll('/', '-')}`);
    }
    // Every screen's findings at once: one run says all there is to fix.
    expect(findings).toEqual([]);
  });
}
