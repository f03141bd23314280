import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/**
 * The page's Content-Security-Policy is enforced, not only sent: an inline script added to the
 * document does not run and raises a securitypolicyviolation, and eval is refused. (shell.spec.ts
 * in Chromium; the desktop app's suite under app://desk, where the CSP comes through the relay.)
 */
export async function cspIsEnforced(page: Page): Promise<void> {
  await expect(page.getByTestId('status-dropzone')).toBeVisible();
  const outcome = await page.evaluate(async () => {
    const probe = window as unknown as { cspProbeRan?: boolean };
    const violation = new Promise<{ directive: string; blocked: string }>((resolve) => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => resolve({ directive: event.effectiveDirective, blocked: event.blockedURI }),
        { once: true },
      );
    });
    const script = document.createElement('script');
    script.textContent = 'window.cspProbeRan = true;';
    document.body.append(script);
    const seen = await Promise.race([violation, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
    let evalError: string | null = null;
    try {
      // Indirect eval, as an injected payload would use it.
      (0, eval)('1 + 1');
    } catch (error) {
      evalError = (error as Error).name;
    }
    let functionError: string | null = null;
    try {
      new Function('return 1')();
    } catch (error) {
      functionError = (error as Error).name;
    }
    script.remove();
    return { ran: probe.cspProbeRan === true, violation: seen, evalError, functionError };
  });
  expect(outcome.ran).toBe(false);
  expect(outcome.violation).toEqual({ directive: 'script-src-elem', blocked: 'inline' });
  expect(outcome.evalError).toBe('EvalError');
  expect(outcome.functionError).toBe('EvalError');
}
