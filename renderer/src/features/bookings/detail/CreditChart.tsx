import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Box, Paper, Text } from '@mantine/core';
import type { FinanceEvent } from '../../../../../shared/schemas/finance';
import { formatCredits } from '../../../lib/format';
import { eventTypeText } from './labels';
import { formatInstant, formatShortDay } from './time';

interface Point {
  /** Axis label: the day of the event. */
  day: string;
  /** Credits (not centi-credits) after the event. */
  total: number;
  label: string;
  when: string;
  change: number;
  /** The closing point: the last total held until today. */
  now?: boolean;
}

interface TooltipArgs {
  active?: boolean;
  payload?: readonly { payload?: Point }[];
}

function PointTooltip({ active, payload }: TooltipArgs) {
  const point = active ? payload?.[0]?.payload : undefined;
  if (!point) return null;
  if (point.now) {
    return (
      <Paper withBorder shadow="sm" px="sm" py={6} radius="sm">
        <Text size="sm" className="numeric">
          Now: <b>{formatCredits(point.total * 100)}</b> credits
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder shadow="sm" px="sm" py={6} radius="sm">
      <Text size="sm" fw={600}>
        {point.label}
      </Text>
      <Text size="xs" c="dimmed">
        {point.when}
      </Text>
      <Text size="sm" className="numeric">
        {formatCredits(point.change, true)} → {formatCredits(point.total * 100)} credits
      </Text>
    </Paper>
  );
}

interface DotArgs {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: Point;
}

/** A dot per event; none on the closing "Now" point, which is no event. */
function EventDot({ cx, cy, index, payload }: DotArgs) {
  if (payload?.now || cx === undefined || cy === undefined) return <g key={`dot-${index}`} />;
  return <circle key={`dot-${index}`} className="recharts-area-dot" cx={cx} cy={cy} r={4} fill="var(--mantine-color-sky-6)" stroke="var(--mantine-color-white)" strokeWidth={2} />;
}

/**
 * The running credit total, one step per event in ledger order, held to "Now". Events sit evenly
 * on the axis (labelled by day), not to scale in time: a preview and its conversion minutes
 * apart would otherwise collapse into one point beside a booking made weeks before.
 */
export function CreditChart({ events, timeZone }: { events: FinanceEvent[]; timeZone: string | undefined }) {
  const data: Point[] = events.map((e) => ({
    day: formatShortDay(e.created_at, timeZone),
    total: e.centi_total_credits / 100,
    label: eventTypeText(e.event_type).label,
    when: formatInstant(e.created_at, timeZone),
    change: e.centi_credit_change,
  }));
  const last = data.at(-1);
  if (last) data.push({ ...last, day: 'Now', now: true });
  return (
    <Box data-testid="finance-chart" role="img" aria-label={`Running credit total over ${events.length} events, now ${formatCredits(events.at(-1)?.centi_total_credits ?? 0)} credits`}>
      <AreaChart
        h={200}
        data={data}
        dataKey="day"
        series={[{ name: 'total', label: 'Credits', color: 'sky.6' }]}
        curveType="stepAfter"
        withGradient
        fillOpacity={0.25}
        gridAxis="x"
        tickLine="none"
        valueFormatter={(v) => formatCredits(Math.round(v * 100))}
        yAxisProps={{ width: 44, allowDecimals: true }}
        xAxisProps={{ interval: 'preserveStartEnd', padding: { left: 12, right: 12 } }}
        tooltipProps={{ content: (props) => <PointTooltip {...(props as TooltipArgs)} /> }}
        withDots={false}
        areaProps={{
          dot: (props: DotArgs) => <EventDot {...props} key={`dot-${props.index}`} />,
          activeDot: { r: 5, fill: 'var(--mantine-color-white)', stroke: 'var(--mantine-color-sky-6)', strokeWidth: 2 },
        }}
      />
    </Box>
  );
}
