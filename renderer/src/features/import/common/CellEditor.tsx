import { useRef, useState } from 'react';
import classes from './ImportGrid.module.css';

/** A cell being fixed in place: Enter (or leaving it) keeps the value, Escape throws it away. */
export function CellEditor({ initial, onDone: finish }: { initial: string; onDone: (value: string | null) => void }) {
  const [value, setValue] = useState(initial);
  // Enter or Esc ends the edit and hands the focus back to the grid, which blurs the input: that
  // blur must not end it a second time (it would keep the value Esc just threw away).
  const ended = useRef(false);
  const onDone = (result: string | null) => {
    if (ended.current) return;
    ended.current = true;
    finish(result);
  };
  return (
    <input
      className={classes.editor}
      aria-label="Cell value"
      autoFocus
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => onDone(value)}
      onKeyDown={(event) => {
        // The grid's own keys stop here: arrows move the caret, Space types a space.
        event.stopPropagation();
        if (event.key === 'Enter') onDone(value);
        else if (event.key === 'Escape') onDone(null);
      }}
      data-testid="cell-editor"
    />
  );
}
