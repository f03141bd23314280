import { BASE_SEED, TEST_TODAY } from '../support/seed';

/**
 * The API tests' seed, moved to today: the real server runs on the real clock, so every date
 * in it shifts by the days between TEST_TODAY and today (`dates_relative_to`).
 */
export const E2E_SEED = { dates_relative_to: TEST_TODAY, ...BASE_SEED };
