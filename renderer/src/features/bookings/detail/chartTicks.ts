/**
 * A value axis people read at a glance: round steps (1, 2, 2.5 or 5 times a power of ten) from
 * a round number at or below the lowest value to one at or above the highest, zero always in.
 */
export function niceTicks(lowest: number, highest: number, about = 5): number[] {
  const min = Math.min(0, lowest);
  const max = Math.max(0, highest);
  if (min === max) return [0, 1];
  const rough = (max - min) / about;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10) * magnitude;
  const first = Math.floor(min / step);
  const last = Math.ceil(max / step);
  // Rounded, so 0.1 + 0.2 shows as 0.3 and not 0.30000000000000004.
  return Array.from({ length: last - first + 1 }, (_, i) => Number(((first + i) * step).toPrecision(12)));
}

/** Maps `from` (a value range) onto `to` (pixels) linearly. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
): (value: number) => number {
  const span = d1 - d0 || 1;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

/**
 * Which of `count` evenly spaced labels fit, `gap` pixels apart at `slot` pixels each: every
 * k-th from the first, and always the last (today's "Now"), dropping the one before it if they would touch.
 */
export function visibleLabels(count: number, slot: number, gap: number): number[] {
  if (count === 0) return [];
  const every = Math.max(1, Math.ceil(gap / Math.max(slot, 1)));
  const shown: number[] = [];
  for (let i = 0; i < count - 1; i += every) shown.push(i);
  while (shown.length > 0 && (count - 1 - (shown.at(-1) as number)) * slot < gap) shown.pop();
  shown.push(count - 1);
  return shown;
}
