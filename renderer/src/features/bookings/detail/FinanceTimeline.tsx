import { Anchor, Badge, Code, Group, Paper, Stack, Text, Timeline, Tooltip, type MantineColor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FinanceEvent, UpgradePayment } from '../../../../../shared/schemas/finance';
import type { DeskLedgerEvent } from '../../../../../shared/schemas/booking-actions';
import { bookingLedgerQuery } from '../../../api/booking-actions-api';
import { productsQuery, upgradesQuery } from '../../../api/queries';
import { formatCredits, formatMoney } from '../../../lib/format';
import { changesCreditsOnly, entitlementBadges, entitlementBaseline, type EntitlementBadge } from './entitlements';
import { IconCreditCard, IconDot, IconMinus, IconPlus } from '../../../components/icons';
import { eventTypeText } from '../../../lib/booking-labels';
import classes from './FinanceTimeline.module.css';
import { formatInstant } from './time';

const changeColor = (centi: number): MantineColor => (centi > 0 ? 'teal' : centi < 0 ? 'red' : 'gray');

function EventLabel({ type }: { type: string }) {
  const text = eventTypeText(type);
  return (
    <Group gap={8} wrap="nowrap" align="baseline">
      <Tooltip
        label={text.meaning}
        multiline
        w={300}
        withArrow
        position="top-start"
        events={{ hover: true, focus: true, touch: true }}
      >
        <Text
          span
          fw={600}
          size="sm"
          tabIndex={0}
          data-testid="event-label"
          style={{
            cursor: 'help',
            textDecoration: 'underline dotted light-dark(var(--mantine-color-gray-5), var(--mantine-color-dark-2))',
            textUnderlineOffset: 3,
          }}
        >
          {text.label}
        </Text>
      </Tooltip>
      <Text span size="xs" c="dimmed" ff="monospace" data-testid="event-type">
        {type}
      </Text>
    </Group>
  );
}

export function EntitlementBadges({ badges }: { badges: EntitlementBadge[] }) {
  return (
    <Group gap={6} data-testid="event-entitlements">
      {badges.map((b) => {
        const badge = (
          <Badge
            key={b.key}
            size="sm"
            radius="sm"
            tt="none"
            color={b.change === 'lost' ? 'gray' : 'sky'}
            variant={b.change === 'gained' ? 'filled' : b.change === 'lost' ? 'outline' : 'light'}
            td={b.change === 'lost' ? 'line-through' : undefined}
            data-change={b.change}
          >
            {b.change === 'gained' ? `+ ${b.label}` : b.label}
          </Badge>
        );
        if (b.change === 'held') return badge;
        return (
          <Tooltip
            key={b.key}
            label={b.change === 'gained' ? 'New with this event' : 'No longer included after this event'}
            withArrow
          >
            {badge}
          </Tooltip>
        );
      })}
    </Group>
  );
}

function Payment({ payment, upgradeName }: { payment: UpgradePayment; upgradeName: string | undefined }) {
  return (
    <Paper
      withBorder
      radius="sm"
      px="sm"
      py={6}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
      data-testid="event-payment"
    >
      <Group gap="xs" wrap="wrap">
        <IconCreditCard size={16} color="var(--mantine-color-dimmed)" />
        <Text size="sm" fw={600} className="numeric" data-testid="payment-amount">
          {formatMoney(payment.ammount, payment.currency)}
        </Text>
        <Text size="sm" c="dimmed">
          paid online
          {upgradeName
            ? ` for ${upgradeName}`
            : payment.upgrade_id !== null
              ? ` for upgrade #${payment.upgrade_id}`
              : ''}
        </Text>
        <Text size="xs" c="dimmed">
          ·
        </Text>
        <Code data-testid="payment-processor">{payment.processor_id}</Code>
      </Group>
    </Paper>
  );
}

type DeskFacts = Pick<DeskLedgerEvent, 'recorded_by' | 'corrects_event_id' | 'corrected_by_event_id'>;

/** Moves the focus to another event of the timeline (a correction and what it corrects point at each other). */
function EventLink({ id, children }: { id: number; children: string }) {
  const go = () => {
    const target = document.querySelector<HTMLElement>(`[data-testid="finance-event"][data-event-id="${id}"]`);
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    target?.focus({ preventScroll: true });
  };
  return (
    <Anchor component="button" type="button" size="xs" onClick={go} data-testid="event-link" data-target-event={id}>
      {children}
    </Anchor>
  );
}

/** Who recorded the event, and the correction it is or has: the desk's own facts (local mode). */
function DeskNotes({ facts }: { facts: DeskFacts | undefined }) {
  if (
    !facts ||
    (facts.recorded_by === null && facts.corrects_event_id === null && facts.corrected_by_event_id === null)
  )
    return null;
  return (
    <Group gap={8} wrap="wrap">
      {facts.recorded_by !== null && (
        <Text size="xs" c="dimmed" data-testid="event-recorded-by">
          Recorded by {facts.recorded_by}
        </Text>
      )}
      {facts.corrects_event_id !== null && (
        <EventLink id={facts.corrects_event_id}>{`Corrects event #${facts.corrects_event_id}`}</EventLink>
      )}
      {facts.corrected_by_event_id !== null && (
        <EventLink id={facts.corrected_by_event_id}>{`Corrected by event #${facts.corrected_by_event_id}`}</EventLink>
      )}
    </Group>
  );
}

function EventEntry({
  event,
  previous,
  timeZone,
  upgradeNames,
  productNames,
  facts,
}: {
  event: FinanceEvent;
  previous: FinanceEvent | undefined;
  timeZone: string | undefined;
  upgradeNames: Map<number, string>;
  productNames: Map<number, string>;
  facts: DeskFacts | undefined;
}) {
  const change = event.centi_credit_change;
  const productName = event.product_id != null ? productNames.get(event.product_id) : undefined;
  return (
    <Stack gap={6} pb={4}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={0}>
          <EventLabel type={event.event_type} />
          <Text size="xs" c="dimmed" data-testid="event-when">
            {formatInstant(event.created_at, timeZone)}
            {event.product_id != null && ` · product ${productName ? `“${productName}”` : `#${event.product_id}`}`}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text
            fw={700}
            c={change === 0 ? 'dimmed' : changeColor(change)}
            className="numeric"
            data-testid="event-change"
          >
            {formatCredits(change, true)}
          </Text>
          <Text size="xs" c="dimmed" className="numeric">
            total <span data-testid="event-total">{formatCredits(event.centi_total_credits)}</span>
          </Text>
        </Stack>
      </Group>
      {changesCreditsOnly(event) ? (
        <Group gap={6} data-testid="event-entitlements">
          <Badge size="sm" radius="sm" tt="none" color="gray" variant="outline" data-testid="event-credits-only">
            Credits only
          </Badge>
        </Group>
      ) : (
        <EntitlementBadges badges={entitlementBadges(event, previous)} />
      )}
      <DeskNotes facts={facts} />
      {event.comment && (
        <Text
          size="sm"
          c="dimmed"
          data-testid="event-comment"
          pl="xs"
          style={{ whiteSpace: 'pre-wrap', borderLeft: '3px solid var(--mantine-color-default-border)' }}
        >
          {event.comment}
        </Text>
      )}
      {event.upgrade_payment && (
        <Payment
          payment={event.upgrade_payment}
          upgradeName={
            event.upgrade_payment.upgrade_id !== null ? upgradeNames.get(event.upgrade_payment.upgrade_id) : undefined
          }
        />
      )}
    </Stack>
  );
}

/** One entry per finance event, in ledger order exactly as the server sent them (spec 2.5). */
export function FinanceTimeline({
  events,
  timeZone,
  externalId = null,
}: {
  events: FinanceEvent[];
  timeZone: string | undefined;
  externalId?: string | null;
}) {
  // Who recorded each event and what corrects what: the desk's ledger (local mode; absent in proxy mode, where the remote keeps the ledger).
  const ledger = useQuery({ ...bookingLedgerQuery(externalId ?? ''), enabled: externalId !== null });
  const deskFacts = new Map(ledger.data?.events.map((e) => [e.id, e]) ?? []);
  // Names only: the timeline stands without them while they load or if the catalogue fails.
  const upgrades = useQuery(upgradesQuery());
  const products = useQuery(productsQuery());
  const upgradeNames = new Map(upgrades.data?.upgrades.map((u) => [u.id, u.name]) ?? []);
  const productNames = new Map(products.data?.products.map((p) => [p.id, p.name]) ?? []);
  return (
    <Timeline
      active={events.length - 1}
      bulletSize={24}
      lineWidth={2}
      classNames={{ item: classes.item }}
      data-testid="finance-timeline"
    >
      {events.map((event, i) => {
        const change = event.centi_credit_change;
        return (
          <Timeline.Item
            key={event.id}
            color={changeColor(change)}
            bullet={change > 0 ? <IconPlus size={14} /> : change < 0 ? <IconMinus size={14} /> : <IconDot size={14} />}
            data-testid="finance-event"
            data-event-id={event.id}
            tabIndex={-1}
          >
            <EventEntry
              event={event}
              previous={entitlementBaseline(events, i)}
              timeZone={timeZone}
              upgradeNames={upgradeNames}
              productNames={productNames}
              facts={deskFacts.get(event.id)}
            />
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
