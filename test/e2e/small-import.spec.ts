import { test } from './fixtures';
import { browserDesk } from './scenarios/desk';
import { importSmallBookingsCsv } from './scenarios/import';

// The desktop app's suite runs this scenario under app://desk; here it is proven in the browser.
test('a small bookings CSV through the wizard: read, matched, checked, sent, in the history', async ({
  page,
  desk,
  request,
}) => {
  await importSmallBookingsCsv(page, browserDesk(desk), request);
});
