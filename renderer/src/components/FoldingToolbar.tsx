import { Button, Kbd, Menu, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useLayoutEffect, useRef, useState } from 'react';
import classes from './FoldingToolbar.module.css';
import { IconDots } from './icons';
import { actionsInBar, TOOLBAR_GAP as GAP, type ToolbarAction } from './toolbarFolding';

export type { ToolbarAction } from './toolbarFolding';

function ActionButton({ action }: { action: ToolbarAction }) {
  const disabled = Boolean(action.disabledReason);
  const filled = (action.variant ?? 'subtle') === 'filled';
  const button = (
    <Button
      variant={action.variant ?? 'subtle'}
      color={action.color}
      className={classes.action}
      disabled={disabled}
      onClick={action.onClick}
      leftSection={action.icon}
      rightSection={
        action.shortcut ? (
          <Kbd size="xs" aria-hidden className={filled ? 'kbd-on-filled' : undefined}>
            {action.shortcut}
          </Kbd>
        ) : undefined
      }
      data-testid={action.testId}
    >
      {action.label}
    </Button>
  );
  return action.disabledReason ? (
    <Tooltip label={action.disabledReason} multiline w={260} withArrow>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

function MoreButton() {
  return (
    <Button variant="default" rightSection={<IconDots />} aria-label="More actions">
      More
    </Button>
  );
}

/**
 * A screen's toolbar that never pushes an action off screen: it measures its room (a
 * ResizeObserver) and each action's width, and moves what does not fit into a "More" menu,
 * the least important first, the primary action never. Order in the bar is the given order.
 */
export function FoldingToolbar({
  actions,
  label,
  testId,
}: {
  actions: ToolbarAction[];
  label: string;
  testId?: string;
}) {
  const { ref: barRef, width: room } = useElementSize<HTMLDivElement>();
  const measureRef = useRef<HTMLDivElement>(null);
  const [widths, setWidths] = useState<{ items: Map<string, number>; more: number }>({ items: new Map(), more: 0 });
  const signature = actions.map((action) => `${action.id}:${action.label}:${action.shortcut ?? ''}`).join('|');

  // Widths change with the labels (and fonts): measured after each such change, before paint.
  useLayoutEffect(() => {
    const measure = measureRef.current;
    if (!measure) return;
    const children = [...measure.children] as HTMLElement[];
    const items = new Map<string, number>();
    children.forEach((child) => child.dataset.actionId && items.set(child.dataset.actionId, child.offsetWidth));
    const more = children.find((child) => child.dataset.more)?.offsetWidth ?? 0;
    setWidths({ items, more });
  }, [signature]);

  const kept = actionsInBar(actions, widths.items, widths.more, room);
  // The bar asks for room for every action and gives way down to the primary ones and "More",
  // so a neighbour that can wrap (a description) shares the row instead of squeezing the buttons.
  const measured = widths.items.size > 0;
  const widthOf = (list: ToolbarAction[]) =>
    list.reduce((sum, action) => sum + (widths.items.get(action.id) ?? 0) + GAP, -GAP);
  const primaries = actions.filter((action) => action.primary);
  const foldable = actions.length > primaries.length;
  const smallest = widthOf(primaries) + (foldable ? widths.more + (primaries.length > 0 ? GAP : 0) : 0);
  const sizing = measured ? { flex: `0 1 ${widthOf(actions)}px`, minWidth: smallest } : undefined;
  const folded = actions.filter((action) => !kept.has(action.id));
  const inBar = (primary: boolean) =>
    actions.filter((action) => kept.has(action.id) && Boolean(action.primary) === primary);

  return (
    <div
      ref={barRef}
      className={classes.bar}
      style={sizing}
      role="toolbar"
      aria-label={label}
      data-testid={testId}
      data-folded={folded.length || undefined}
    >
      <div ref={measureRef} className={classes.measure} aria-hidden inert>
        {actions.map((action) => (
          <div key={action.id} data-action-id={action.id}>
            <ActionButton action={{ ...action, testId: undefined }} />
          </div>
        ))}
        <div data-more="true">
          <MoreButton />
        </div>
      </div>
      {inBar(false).map((action) => (
        <ActionButton key={action.id} action={action} />
      ))}
      {folded.length > 0 && (
        <Menu position="bottom-end" withArrow>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconDots />}
              aria-label="More actions"
              data-testid={testId ? `${testId}-more` : undefined}
            >
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {folded.map((action) => (
              <Menu.Item
                key={action.id}
                onClick={action.onClick}
                disabled={Boolean(action.disabledReason)}
                title={action.disabledReason ?? undefined}
                color={action.color}
                leftSection={action.icon}
                rightSection={action.shortcut ? <Kbd size="xs">{action.shortcut}</Kbd> : undefined}
                data-testid={action.testId}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {inBar(true).map((action) => (
        <ActionButton key={action.id} action={action} />
      ))}
    </div>
  );
}
