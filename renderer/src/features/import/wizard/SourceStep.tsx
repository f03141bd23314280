import { Alert, Button, FileButton, Group, Loader, Paper, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { useState, type DragEvent } from 'react';
import { IconUpload } from '../../../components/icons';
import { KIND_LABELS } from '../parsing/fields';
import classes from '../common/ImportPage.module.css';
import type { ImportWizard } from './useImportWizard';

const ACCEPT = '.csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values';

/** Step 1: a file dropped or picked, or cells pasted from a spreadsheet. */
export function SourceStep({ wizard }: { wizard: ImportWizard }) {
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const many = KIND_LABELS[wizard.kind].many;

  const readFile = async (file: File | null) => {
    if (!file) return;
    await wizard.loadSource({ kind: 'file', name: file.name, bytes: await file.arrayBuffer() });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0] ?? null);
  };

  return (
    <Stack gap="md" maw={760} data-testid="import-source">
      <Paper
        className={classes.dropzone}
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="import-dropzone"
      >
        <Stack align="center" gap="xs">
          <ThemeIcon size={44} radius="xl" variant="light">
            {wizard.reading ? <Loader size="sm" /> : <IconUpload size={22} />}
          </ThemeIcon>
          <Text fw={600}>{wizard.reading ? 'Reading the file…' : `Drop a file of ${many} here`}</Text>
          <Text size="sm" c="dimmed" ta="center">
            CSV, TSV or TXT with a header row: commas, semicolons or tabs; UTF-8 or a spreadsheet's own CSV.
          </Text>
          <FileButton
            onChange={(file) => void readFile(file)}
            accept={ACCEPT}
            inputProps={{ 'data-testid': 'import-file-input' } as object}
          >
            {(props) => (
              <Button {...props} variant="light" disabled={wizard.reading} data-testid="import-choose-file">
                Choose a file…
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Or paste cells copied from a spreadsheet
        </Text>
        <Textarea
          aria-label="Pasted cells"
          placeholder={'Select the cells with their header row in the spreadsheet, copy, and paste here.'}
          autosize
          minRows={4}
          maxRows={10}
          value={pasted}
          onChange={(event) => setPasted(event.currentTarget.value)}
          classNames={{ input: classes.pasteInput }}
          data-testid="import-paste"
        />
        <Group>
          <Button
            variant="default"
            disabled={pasted.trim() === '' || wizard.reading}
            onClick={() => void wizard.loadSource({ kind: 'paste', text: pasted })}
            data-testid="import-use-pasted"
          >
            Use pasted cells
          </Button>
        </Group>
      </Stack>

      {wizard.sourceError && (
        <Alert color="red" title="This cannot be imported" data-testid="import-source-error">
          {wizard.sourceError}
        </Alert>
      )}
    </Stack>
  );
}
