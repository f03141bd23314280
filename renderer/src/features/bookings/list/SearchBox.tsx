import { CloseButton, Kbd, TextInput } from '@mantine/core';
import type { KeyboardEvent, RefObject } from 'react';
import { IconSearch } from '../../../components/icons';

export interface SearchBoxProps {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  /** Enter or ArrowDown: take the search now and go to the results. */
  onGoToResults: () => void;
}

/**
 * Wide enough for the whole placeholder, beside the search icon and the "/" key hint: a cut hint
 * hides the "or link" that tells reception a pasted link works. The toolbar beside it folds its
 * actions into More instead; only in a window narrower than the desk's smallest (1024 px; Mantine's
 * `md` starts at 992 px) is the box narrower, so New booking stays in the window.
 */
const SEARCH_WIDTH = { base: 260, md: 420 };

/**
 * The desk list's one search box: anything reception is told (name, e-mail, phone, booking
 * number, link), in both modes. Escape clears it, then leaves it.
 */
export function SearchBox({ inputRef, value, onChange, onGoToResults }: SearchBoxProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === 'ArrowDown') {
      event.preventDefault();
      onGoToResults();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (value) onChange('');
      else event.currentTarget.blur();
    }
  };
  return (
    <TextInput
      ref={inputRef}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      placeholder="Name, e-mail, phone, booking number or link"
      title="Finds a name (any accents, any word order), an e-mail, phone digits, a booking number or a pasted link; 3 characters or more"
      aria-label="Search bookings"
      autoComplete="off"
      spellCheck={false}
      w={SEARCH_WIDTH}
      leftSection={<IconSearch />}
      rightSection={
        value ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} />
        ) : (
          <Kbd size="xs" aria-hidden>
            /
          </Kbd>
        )
      }
      data-testid="bookings-search"
    />
  );
}
