import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { FinanceEvent } from '../../../../../shared/schemas/finance';
import { formatCredits, formatMoney } from '../../../lib/format';
import { CreditChart } from './CreditChart';
import { FinanceTimeline } from './FinanceTimeline';
import { isForeignZone } from './time';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="xl" fw={700} className="numeric" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Online payments summed per currency (a ledger could in principle hold several). */
function paidOnline(events: FinanceEvent[]): string | null {
  const sums = new Map<string, number>();
  for (const e of events) {
    if (e.upgrade_payment)
      sums.set(e.upgrade_payment.currency, (sums.get(e.upgrade_payment.currency) ?? 0) + e.upgrade_payment.ammount);
  }
  return sums.size === 0 ? null : [...sums].map(([currency, minor]) => formatMoney(minor, currency)).join(' + ');
}

/** The booking's ledger: figures, the timeline and the running total as a chart. */
export function FinanceCard({
  events,
  timeZone,
  externalId,
}: {
  events: FinanceEvent[];
  timeZone: string | undefined;
  externalId?: string | null;
}) {
  const last = events.at(-1);
  const paid = paidOnline(events);
  return (
    <Card withBorder padding="lg" data-testid="booking-finance">
      <Group justify="space-between" align="flex-start" mb="md">
        <Stack gap={2}>
          <Title order={4}>Finance history</Title>
          {events.length > 0 && (
            <Text size="sm" c="dimmed">
              {events.length} {events.length === 1 ? 'event' : 'events'} in ledger order
              {isForeignZone(timeZone) && ` · times in ${timeZone}`} · hover a label for its meaning
            </Text>
          )}
        </Stack>
        {last && (
          <Group gap="xl">
            {paid && <Figure label="Paid online" value={paid} testId="finance-paid" />}
            <Figure label="Credits now" value={formatCredits(last.centi_total_credits)} testId="finance-total" />
          </Group>
        )}
      </Group>
      {events.length === 0 ? (
        <Stack gap={4} py="lg" align="center" data-testid="finance-empty">
          <Text fw={600}>No finance events yet</Text>
          <Text size="sm" c="dimmed" ta="center" maw={460}>
            Events appear here when a product is matched, the customer buys an upgrade, staff convert or upgrade at
            reception, or credits are adjusted.
          </Text>
        </Stack>
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <FinanceTimeline events={events} timeZone={timeZone} externalId={externalId ?? null} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs" pos="sticky" top={16}>
              <Text size="sm" fw={600}>
                Running credit total
              </Text>
              {events.length >= 2 ? (
                <CreditChart events={events} timeZone={timeZone} />
              ) : (
                <Text size="sm" c="dimmed" data-testid="finance-chart-note">
                  The chart appears once the booking has two or more events.
                </Text>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Card>
  );
}
