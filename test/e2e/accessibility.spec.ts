import { COLOUR_RULES, seriousFindings } from './axe';
import { expect, saveScreenshot, readOnlyTest as test } from './fixtures';
import { eachScreen } from './pages/layout';
import { expectSettled } from './settled';

/**
 * Every screen (pages/layout.ts SCREENS) at 1440×900, in light and in dark mode (following the
 * system): no critical or serious axe finding. 1024×768 light: the layout sweep at that size runs
 * axe on every screen too (layout.spec.ts). Dark mode's colours are checked as much as light's; the
 * rest of what axe checks is the same markup as light's, checked whole once.
 */
test('axe finds nothing critical or serious on any screen at 1440×900, in light and in dark mode (and its screenshots)', async ({
  page,
  desk,
}) => {
  // Ten screens, each analysed whole and again for its dark colours: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(150_000);
  const findings: string[] = [];
  // Each screen shown in light, analysed whole; then in dark, its colours again, and its screenshot.
  await eachScreen(page, desk, async (screen) => {
    for (const finding of await seriousFindings(page)) findings.push(`${screen.name}: ${finding}`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectSettled(page);
    for (const finding of await seriousFindings(page, undefined, COLOUR_RULES))
      findings.push(`${screen.name} in dark mode: ${finding}`);
    await saveScreenshot(page, `layout-dark-1440-${screen.route.slice(1).replaceAll('/', '-')}`);
    await page.emulateMedia({ colorScheme: 'light' });
  });
  // Every screen's findings at once: one run says all there is to fix.
  expect(findings).toEqual([]);
});
