import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on what the page shows now: no critical or serious finding (WCAG 2.1 A and AA rules
 * and axe's best practices). A finding names the rule, the impact and the elements, so a failure
 * says what to fix. `include` limits it to part of the page (a dialog).
 */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  expect(await seriousFindings(page, include), `axe on ${what}`).toEqual([]);
}

/** The rules whose outcome depends on colours alone: all a second colour scheme can change. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The critical and serious findings, each as one line (rule, impact, help, the first elements).
 * `rules`: only these (a screen already checked whole in one colour scheme, again in another).
 */
export async function seriousFindings(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  // Legacy mode: axe.run in the page itself. The default runs each frame's part there and then
  // merges the parts in a blank page it opens for every analysis (a new renderer each time: about a
  // second of CPU per screen on two cores), which is only needed for iframes from other origins;
  // the desk's screens (and the API reference) have no iframe, so the rules and results are the same.
  let builder = new AxeBuilder({ page }).setLegacyMode(true);
  builder = rules
    ? builder.withRules(rules)
    : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map(
            (n) =>
              `${n.target.join(' ')} ${n.html.slice(0, 100)} ${JSON.stringify(n.any[0]?.data ?? '').slice(0, 160)}`,
          )
          .join(' | ')}`,
    );
}
