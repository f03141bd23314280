import { Badge, type BadgeProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useLocation } from 'wouter';

/**
 * A status-bar badge that opens a screen: a real link (hash route, so it can be opened from the
 * keyboard and shows where it goes), navigated in the app rather than by reloading.
 */
export function BadgeLink({
  route,
  testId,
  children,
  style,
  ...badge
}: { route: string; testId: string; children: ReactNode; style?: CSSProperties } & Omit<BadgeProps, 'style'>) {
  const [, navigate] = useLocation();
  return (
    <Badge
      size="sm"
      {...badge}
      component="a"
      href={`#${route}`}
      style={{ cursor: 'pointer', ...style }}
      data-testid={testId}
      onClick={(event) => {
        event.preventDefault();
        navigate(route);
      }}
    >
      {children}
    </Badge>
  );
}
