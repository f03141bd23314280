import { SegmentedControl, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface LabelledSegmentsProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: { value: V; label: string }[];
  error?: ReactNode;
  /** A line under the control saying what the choice means. */
  hint?: ReactNode;
  testId?: string;
}

/** A choice of a few, drawn as segments, with a label, an error and a hint like the kit's inputs have. */
export function LabelledSegments<V extends string>({
  label,
  value,
  onChange,
  data,
  error,
  hint,
  testId,
}: LabelledSegmentsProps<V>) {
  const labelId = useId();
  return (
    <div>
      <Text size="sm" fw={500} mb={4} id={labelId}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={value}
        onChange={(next) => onChange(next as V)}
        data={data}
        data-testid={testId}
      />
      {error && (
        <Text size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </div>
  );
}
