import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation or transition is running on the page, so that what a test reads
 * next (colours for axe, a screenshot, an element's edge) is the screen as it ends up. With reduced
 * motion (playwright.config.ts) there is usually nothing to wait for; endless ones (a loader's
 * spin) never end and are not waited on.
 */
export async function expectSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
              ).length,
        ),
      { message: 'animations still running' },
    )
    .toBe(0);
}
