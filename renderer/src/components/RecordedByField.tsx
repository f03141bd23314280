import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { RECORDED_BY_MAX } from '../../../shared/schemas/recorded-by';

export type RecordedByFieldProps = Omit<
  TextInputProps,
  'label' | 'value' | 'onChange' | 'maxLength' | 'autoComplete'
> & {
  value: string;
  onChange: (name: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * "Your name": the person at the desk, recorded with a write (a jump, a ledger event, a check-in
 * mark, a decision, an import). One field wherever it is asked, so it reads the same to a screen
 * reader and holds no more than the server records (RECORDED_BY_MAX). The browser's autofill
 * stays off: at a shared desk it would offer the computer's owner, not the person typing; the
 * desk remembers the last name itself (lib/operator.ts).
 */
export function RecordedByField({ value, onChange, ...rest }: RecordedByFieldProps) {
  return (
    <TextInput
      label="Your name"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={RECORDED_BY_MAX}
      autoComplete="off"
      {...rest}
    />
  );
}
