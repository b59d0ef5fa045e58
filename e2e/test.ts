import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * The suite's `test`: Playwright's, with every browser context a test opened itself
 * (`browser.newContext()`) closed when the test ends, passed or failed. Playwright closes the
 * `context` it gives a test, not these, and the worker's browser outlives the test: a console page
 * left open would keep its event stream, counted against the member's cap of streams in the worker's
 * dashboard (STREAMS_PER_MEMBER), and go on following every change the worker's later tests make.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close().catch(() => undefined)),
      );
    },
    { auto: true },
  ],
});
