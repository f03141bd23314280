import type { ReactNode } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ActionPlanView } from '../../../../../../shared/schemas/booking-actions';
import { productsQuery } from '../../../../api/queries';
import { formatCredits } from '../../../../lib/format';
import { entitlementBadges } from '../entitlements';
import { EntitlementBadges } from '../FinanceTimeline';
import { albumStatus, eventTypeText } from '../../../../lib/booking-labels';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <>
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <div data-testid={testId}>{children}</div>
    </>
  );
}

/**
 * Exactly what an action will record, as the server planned it (the dry run): the event type and
 * its meaning, the entitlements before and after, the credit change and the new total, the album
 * and product after. The person confirms this, not a guess of the page's.
 */
export function PlanSummary({ plan }: { plan: ActionPlanView }) {
  const products = useQuery(productsQuery());
  const productName = (id: number | null) =>
    id === null ? 'none' : (products.data?.products.find((p) => p.id === id)?.name ?? `#${id}`);
  const type = eventTypeText(plan.event_type);
  const albumChanges = plan.album_before !== plan.album_after;
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(8rem, max-content) minmax(0, 1fr)',
        columnGap: 16,
        rowGap: 10,
        alignItems: 'baseline',
      }}
      data-testid="action-plan"
    >
      <Row label="Event recorded" testId="plan-event">
        <Group gap={8} align="baseline">
          <Text span fw={600} size="sm">
            {type.label}
          </Text>
          <Text span size="xs" ff="monospace" c="dimmed" data-testid="plan-event-type">
            {plan.event_type}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" data-testid="plan-event-meaning">
          {type.meaning}
        </Text>
      </Row>
      <Row label="Entitlements after" testId="plan-entitlements">
        <EntitlementBadges badges={entitlementBadges(plan.entitlements_after, plan.entitlements_before)} />
      </Row>
      <Row label="Credit change" testId="plan-credit-change">
        <Text size="sm" fw={700} className="numeric">
          {formatCredits(plan.centi_credit_change, true)}
        </Text>
      </Row>
      <Row label="New total" testId="plan-total">
        <Text size="sm" className="numeric">
          {formatCredits(plan.centi_total_before)} → <b>{formatCredits(plan.centi_total_after)}</b> credits
        </Text>
      </Row>
      <Row label="Album after" testId="plan-album">
        <Text size="sm">
          {albumChanges
            ? `${albumStatus(plan.album_before).label} → ${albumStatus(plan.album_after).label}`
            : `${albumStatus(plan.album_after).label} (unchanged)`}
        </Text>
      </Row>
      {plan.product_id_before !== plan.product_id_after && (
        <Row label="Product after" testId="plan-product">
          <Text size="sm">
            {productName(plan.product_id_before)} → <b>{productName(plan.product_id_after)}</b>
          </Text>
        </Row>
      )}
      {plan.corrects_event_id !== null && (
        <Row label="Corrects" testId="plan-corrects">
          <Text size="sm">event #{plan.corrects_event_id}</Text>
        </Row>
      )}
      <Row label="Comment" testId="plan-comment">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {plan.comment}
        </Text>
      </Row>
    </Box>
  );
}
