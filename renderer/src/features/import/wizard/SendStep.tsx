import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IMPORT_CHUNK_SIZE } from '../../../../../shared/schemas/imports/limits';
import { sessionQuery } from '../../../api/queries';
import { RecordedByField } from '../../../components/RecordedByField';
import { useOperatorName } from '../../../lib/operator';
import { KIND_LABELS } from '../parsing/fields';
import { OutcomeCounts } from '../common/OutcomeCounts';
import type { ImportWizard } from './useImportWizard';

/**
 * Step 4: confirm, then the rows go to the desk (once), which sends them in batches: a progress
 * bar, the outcomes so far and Cancel, as the desk reports them.
 */
export function SendStep({ wizard }: { wizard: ImportWizard }) {
  const session = useQuery(sessionQuery()).data;
  const [operator, setOperator] = useOperatorName();
  const { checked, progress } = wizard;
  const counts = wizard.rowCounts;
  if (!checked) return null;
  const { many, one } = KIND_LABELS[wizard.kind];
  const where =
    session?.mode === 'proxy' ? `the remote Sync API (${session.remote_url ?? 'proxy'})` : 'the desk’s own store';

  if (progress?.handingOver) {
    return (
      <Stack gap="md" maw={760} data-testid="import-sending" data-handing-over>
        <Title order={4}>
          Handing {progress.total.toLocaleString('en')} {progress.total === 1 ? one : many} to the desk…
        </Title>
        <Progress
          value={100}
          size="xl"
          radius="sm"
          animated
          aria-label="Handing the rows over"
          data-testid="import-progress"
        />
        <Text size="sm" c="dimmed">
          Keep this window open until the desk has them; it sends them itself after that.
        </Text>
      </Stack>
    );
  }

  if (progress) {
    const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
    return (
      <Stack gap="md" maw={760} data-testid="import-sending">
        <Title order={4}>
          Sending {progress.total.toLocaleString('en')} {progress.total === 1 ? one : many}…
        </Title>
        <Progress
          value={percent}
          size="xl"
          radius="sm"
          animated={!progress.cancelling}
          aria-label="Sent so far"
          data-testid="import-progress"
        />
        <Text size="sm" data-testid="import-progress-text">
          {progress.done.toLocaleString('en')} of {progress.total.toLocaleString('en')} sent
          {progress.cancelling && ' — stopping after the batch on its way (it may already be stored)'}
        </Text>
        <OutcomeCounts counts={progress.counts} />
        <Text size="sm" c="dimmed" data-testid="import-sending-note">
          The desk is sending them: closing this window does not stop it. The results stay in the import history.
        </Text>
        <Group>
          <Button
            color="red"
            variant="light"
            onClick={wizard.cancel}
            disabled={progress.cancelling}
            data-testid="import-cancel"
          >
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
        <b data-testid="send-ready-count">{counts.ready.toLocaleString('en')}</b> {counts.ready === 1 ? one : many} will
        be sent to {where}, in batches of {IMPORT_CHUNK_SIZE}. Existing ones are updated (
        {wizard.kind === 'bookings' ? 'found by external id' : 'found by external id or e-mail'}), new ones created. The
        desk sends them: once it has them, closing this window does not stop the import.
      </Text>
      {wizard.handOverError && (
        <Alert color="red" title="The rows did not reach the desk" data-testid="import-hand-over-error">
          Nothing was sent: {wizard.handOverError}. Send again when the desk answers.
        </Alert>
      )}
      {counts.problem + counts.left_out > 0 && (
        <Alert color="gray" title={`${(counts.problem + counts.left_out).toLocaleString('en')} rows stay behind`}>
          Rows with problems and rows you left out are not sent; the history records them as left out, with the reason.
          Go back to fix them, or send them later with “Retry failed rows”.
        </Alert>
      )}
      <RecordedByField
        description="Optional: recorded in the import history"
        value={operator}
        onChange={setOperator}
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
