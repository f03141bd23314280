import { Alert, Button, Group, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { sessionQuery } from '../../api/queries';
import { KIND_LABELS } from './fields';
import { OutcomeCounts } from './OutcomeCounts';
import { outcomeCounts } from './outcome-counts';
import { CHUNK_SIZE } from './send-import';
import type { ImportWizard } from './useImportWizard';

const OPERATOR_KEY = 'desk.import.operator';

/** Step 4: confirm, then the batches go out with a progress bar, counts so far and Cancel. */
export function SendStep({ wizard }: { wizard: ImportWizard }) {
  const session = useQuery(sessionQuery()).data;
  const [operator, setOperator] = useState(() => localStorage.getItem(OPERATOR_KEY) ?? '');
  const { checked, progress } = wizard;
  const sending = progress !== null;
  // Each figure only where it shows: a send changes the rows at every batch, and 50,000 rows
  // counted twice per batch for a confirmation no one sees meanwhile is time the batches wait for
  // (the wizard's row counts are not kept while sending, these outcome counts only then).
  const counts = wizard.rowCounts;
  const outcomes = useMemo(() => (sending ? outcomeCounts(checked?.rows ?? []) : {}), [checked, sending]);
  if (!checked) return null;
  const { many, one } = KIND_LABELS[wizard.kind];
  const where = session?.mode === 'proxy' ? `the remote Sync API (${session.remote_url ?? 'proxy'})` : 'the desk’s own store';

  if (progress) {
    const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
    return (
      <Stack gap="md" maw={760} data-testid="import-sending">
        <Title order={4}>
          Sending {progress.total.toLocaleString('en')} {progress.total === 1 ? one : many}…
        </Title>
        <Progress value={percent} size="xl" radius="sm" animated={!progress.cancelling} aria-label="Sent so far" data-testid="import-progress" />
        <Text size="sm" data-testid="import-progress-text">
          {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')} sent
          {progress.cancelling && ' — stopping after the batch on its way (it may already be stored)'}
        </Text>
        <OutcomeCounts counts={outcomes} />
        <Group>
          <Button color="red" variant="light" onClick={wizard.cancel} disabled={progress.cancelling} data-testid="import-cancel">
            Cancel
          </Button>
        </Group>
      </Stack>
    );
  }

  if (!counts) return null;
  return (
    <Stack gap="md" maw={760} data-testid="import-confirm">
      <Text>
        <b data-testid="send-ready-count">{counts.ready.toLocaleString('en')}</b> {counts.ready === 1 ? one : many} will be sent to {where}, in batches of {CHUNK_SIZE}. Existing ones are
        updated ({wizard.kind === 'bookings' ? 'found by external id' : 'found by external id or e-mail'}), new ones created.
      </Text>
      {counts.problem + counts.left_out > 0 && (
        <Alert color="gray" title={`${(counts.problem + counts.left_out).toLocaleString('en')} rows stay behind`}>
          Rows with problems and rows you left out are not sent; the history records them as left out, with the reason. Go back to fix them, or send them later with
          “Retry failed rows”.
        </Alert>
      )}
      <TextInput
        label="Your name (for the import history)"
        placeholder="optional"
        value={operator}
        onChange={(event) => {
          setOperator(event.currentTarget.value);
          // Remembered as typed: the next import (also after a restart) starts with the same name.
          localStorage.setItem(OPERATOR_KEY, event.currentTarget.value);
        }}
        maxLength={100}
        w={320}
        data-testid="import-operator"
      />
      <Group>
        <Button
          size="md"
          disabled={counts.ready === 0}
          onClick={() => void wizard.send(operator)}
          data-testid="import-send"
        >
          Send {counts.ready.toLocaleString('en')} {counts.ready === 1 ? one : many}
        </Button>
      </Group>
    </Stack>
  );
}
