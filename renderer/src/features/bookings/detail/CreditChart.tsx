import { Paper, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { FinanceEvent } from '../../../../../shared/schemas/finance';
import { formatCredits } from '../../../lib/format';
import { linearScale, niceTicks, visibleLabels } from './chartTicks';
import classes from './CreditChart.module.css';
import { creditSteps, type CreditStep } from './creditSteps';

const HEIGHT = 200;
// Room for the value labels on the left and the day labels below; the ends kept off the edges.
const MARGIN = { top: 10, right: 12, bottom: 26, left: 48 };
const END_PADDING = 12;
/** Narrower than this, day labels would touch: some are left out (the first and "Now" stay). */
const LABEL_GAP = 52;

/**
 * Where the tooltip goes: beside the step on the side with room; where neither side has room,
 * above or below it instead, so it never hides the step it describes. Never past the chart's edges.
 */
function tooltipPlace(
  step: { x: number; y: number },
  tip: { width: number; height: number },
  chartWidth: number,
): { left: number; top: number } {
  const clampLeft = (left: number) => Math.max(0, Math.min(left, chartWidth - tip.width));
  if (step.x + 12 + tip.width <= chartWidth) return { left: step.x + 12, top: 0 };
  if (step.x - 12 - tip.width >= 0) return { left: step.x - 12 - tip.width, top: 0 };
  const below = step.y < HEIGHT / 2;
  return { left: clampLeft(step.x - tip.width / 2), top: below ? step.y + 14 : Math.max(0, step.y - 14 - tip.height) };
}

function StepTooltip({ step }: { step: CreditStep }) {
  return (
    <Paper withBorder shadow="sm" px="sm" py={6} radius="sm">
      {step.now ? (
        <Text size="sm" className="numeric">
          Now: <b>{formatCredits(step.total)}</b> credits
        </Text>
      ) : (
        <>
          <Text size="sm" fw={600}>
            {step.label}
          </Text>
          <Text size="xs" c="dimmed">
            {step.when}
          </Text>
          <Text size="sm" className="numeric">
            {formatCredits(step.change, true)} → {formatCredits(step.total)} credits
          </Text>
        </>
      )}
    </Paper>
  );
}

/** The same figures as a table, for screen readers (the drawing is one image to them). */
function StepsTable({ steps }: { steps: CreditStep[] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>Running credit total per finance event</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {steps
            .filter((step) => !step.now)
            .map((step, index) => (
              <tr key={index}>
                <td>{step.label}</td>
                <td>{step.when}</td>
                <td>{formatCredits(step.change, true)}</td>
                <td>{formatCredits(step.total)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/**
 * The running credit total, one step per event in ledger order, held to "Now". Events sit evenly
 * on the axis (labelled by day), not to scale in time: a preview and its conversion minutes
 * apart would otherwise collapse into one point beside a booking made weeks before.
 * Drawn as plain SVG: a charting library would add some 400 kB to this screen for one line.
 * Hover, or focus it and use the arrow keys, to read a step.
 */
export function CreditChart({ events, timeZone }: { events: FinanceEvent[]; timeZone: string | undefined }) {
  const { ref, width } = useElementSize<HTMLDivElement>();
  const { ref: tooltipRef, width: tooltipWidth, height: tooltipHeight } = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  // Used in url(#…): letters, digits and dashes only, whatever React's ids look like.
  const gradientId = `credit-fill-${useId().replace(/[^\w-]/g, '')}`;
  const steps = creditSteps(events, timeZone);
  const totals = steps.map((step) => step.total / 100);
  const ticks = niceTicks(Math.min(...totals), Math.max(...totals));
  const y = linearScale([ticks[0] as number, ticks.at(-1) as number], [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const firstX = MARGIN.left + END_PADDING;
  const lastX = Math.max(firstX + 1, width - MARGIN.right - END_PADDING);
  const slot = steps.length > 1 ? (lastX - firstX) / (steps.length - 1) : 0;
  const x = (index: number) => firstX + index * slot;
  const baseline = y(0);

  // Step after: level until the next event, then straight up or down to its total.
  const line = steps
    .map((step, i) => (i === 0 ? `M${x(0)},${y(step.total / 100)}` : `H${x(i)}V${y(step.total / 100)}`))
    .join('');
  const area = `${line}V${baseline}H${x(0)}Z`;

  const nearest = (clientX: number, element: Element) => {
    const left = clientX - element.getBoundingClientRect().left;
    return Math.max(0, Math.min(steps.length - 1, Math.round((left - firstX) / (slot || 1))));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = steps.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: active === null ? 0 : Math.min(last, active + 1),
      ArrowLeft: active === null ? last : Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] as number);
    } else if (event.key === 'Escape' && active !== null) {
      event.stopPropagation();
      setActive(null);
    }
  };

  const shown = active === null ? undefined : steps[active];
  const summary = `Running credit total over ${events.length} events, now ${formatCredits(events.at(-1)?.centi_total_credits ?? 0)} credits`;
  return (
    <div className={classes.chart} data-testid="finance-chart">
      <div
        ref={ref}
        role="img"
        aria-label={summary}
        tabIndex={0}
        className={classes.surface}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        onPointerMove={(event: PointerEvent) => setActive(nearest(event.clientX, event.currentTarget))}
        onPointerLeave={() => setActive(null)}
      >
        {width > 0 && (
          <svg width={width} height={HEIGHT} aria-hidden>
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" className={classes.gradientTop} />
                <stop offset="100%" className={classes.gradientBottom} />
              </linearGradient>
            </defs>
            {ticks.map((tick) => (
              <g key={tick}>
                <line className={classes.grid} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
                <text
                  className={classes.tick}
                  x={MARGIN.left - 8}
                  y={y(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                >
                  {formatCredits(Math.round(tick * 100))}
                </text>
              </g>
            ))}
            {visibleLabels(steps.length, slot, LABEL_GAP).map((index) => (
              <text key={index} className={classes.tick} x={x(index)} y={HEIGHT - 6} textAnchor="middle">
                {steps[index]?.day}
              </text>
            ))}
            <path d={area} fill={`url(#${gradientId})`} />
            <path d={line} className={classes.line} />
            {active !== null && (
              <line
                className={classes.cursor}
                x1={x(active)}
                x2={x(active)}
                y1={MARGIN.top}
                y2={HEIGHT - MARGIN.bottom}
              />
            )}
            {steps.map((step, i) =>
              step.now ? null : (
                <circle key={i} data-event-dot className={classes.dot} cx={x(i)} cy={y(step.total / 100)} r={4} />
              ),
            )}
            {shown && <circle className={classes.activeDot} cx={x(active as number)} cy={y(shown.total / 100)} r={5} />}
          </svg>
        )}
      </div>
      {shown && (
        <div
          ref={tooltipRef}
          className={classes.tooltip}
          style={tooltipPlace(
            { x: x(active as number), y: y(shown.total / 100) },
            { width: tooltipWidth, height: tooltipHeight },
            width,
          )}
          data-testid="finance-chart-tooltip"
        >
          <StepTooltip step={shown} />
        </div>
      )}
      <StepsTable steps={steps} />
    </div>
  );
}
