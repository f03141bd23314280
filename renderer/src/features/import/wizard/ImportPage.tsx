import { Button, Group, SegmentedControl, Stack, Stepper, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ImportKind } from '../../../../../shared/schemas/imports/kinds';
import { ROUTES } from '../../../lib/routes';
import { IconArrowLeft, IconHistory } from '../../../components/icons';
import { useDropzoneToday } from '../../../lib/use-dropzone-today';
import { CheckStep } from './CheckStep';
import { importActivity } from '../common/import-activity';
import { ColumnsStep } from './ColumnsStep';
import classes from '../common/ImportPage.module.css';
import { ResultsStep } from './ResultsStep';
import { SendStep } from './SendStep';
import { SourceStep } from './SourceStep';
import { useImportWizard, WIZARD_STEPS } from './useImportWizard';
import { useWizardPresence } from './useWizardPresence';

const STEP_LABELS = [
  { label: 'Source', description: 'File or pasted cells' },
  { label: 'Columns', description: 'Which field is which' },
  { label: 'Check', description: 'Fix or leave out' },
  { label: 'Send', description: 'In batches' },
  { label: 'Results', description: 'Row by row' },
];

function Wizard({ kind, onRestart, reopenId }: { kind: ImportKind; onRestart: () => void; reopenId: number | null }) {
  const [, navigate] = useLocation();
  const today = useDropzoneToday();
  const wizard = useImportWizard(kind, today);
  const active = WIZARD_STEPS.indexOf(wizard.step);
  const retrying = wizard.rounds > 0;
  // None while a send goes (leaving is guarded then anyway, Continue is hidden).
  const ready = wizard.rowCounts?.ready ?? 0;
  useWizardPresence(wizard, ready);
  const { reopen } = wizard;
  // Once per import handed over: `reopen` changes identity with the settings it checks by (the
  // reopened import's date format, today's date at midnight), and running it again would read the
  // rows afresh and throw away fixes made since, or jump back to Check in the middle of a send.
  const reopened = useRef<number | null>(null);
  useEffect(() => {
    if (reopenId === null || reopened.current === reopenId) return;
    reopened.current = reopenId;
    void reopen(reopenId);
  }, [reopenId, reopen]);

  return (
    <Stack className={classes.page} gap="sm" data-testid="import-wizard" data-kind={kind} data-step={wizard.step}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="lg">
          <Title order={2}>Import {kind}</Title>
          <SegmentedControl
            size="xs"
            value={kind}
            disabled={wizard.step !== 'source'}
            onChange={(value) => navigate(value === 'filmers' ? ROUTES.importFilmers : ROUTES.importBookings)}
            data={[
              { value: 'bookings', label: 'Bookings' },
              { value: 'filmers', label: 'Filmers' },
            ]}
            aria-label="What to import"
          />
        </Group>
        <Button variant="subtle" leftSection={<IconHistory />} onClick={() => navigate(ROUTES.imports)}>
          Import history
        </Button>
      </Group>
      <Stepper active={active} size="sm" iconSize={28} allowNextStepsSelect={false} data-testid="import-stepper">
        {STEP_LABELS.map((step) => (
          <Stepper.Step key={step.label} label={step.label} description={step.description} />
        ))}
      </Stepper>

      <div className={wizard.step === 'check' || wizard.step === 'results' ? classes.fill : classes.body}>
        {wizard.step === 'source' && <SourceStep wizard={wizard} />}
        {wizard.step === 'columns' && <ColumnsStep wizard={wizard} />}
        {wizard.step === 'check' && <CheckStep wizard={wizard} />}
        {wizard.step === 'send' && <SendStep wizard={wizard} />}
        {wizard.step === 'results' && <ResultsStep wizard={wizard} onRestart={onRestart} />}
      </div>

      {(wizard.step === 'columns' || wizard.step === 'check' || (wizard.step === 'send' && !wizard.progress)) && (
        <div className={classes.footer}>
          <Button
            variant="default"
            leftSection={<IconArrowLeft />}
            disabled={wizard.step === 'check' && retrying}
            onClick={() =>
              wizard.setStep(wizard.step === 'columns' ? 'source' : wizard.step === 'check' ? 'columns' : 'check')
            }
            data-testid="import-back"
          >
            Back
          </Button>
          {wizard.checking && (
            <Text size="sm" c="dimmed" ml="auto" data-testid="import-checking">
              {wizard.checking.lookingUp ? 'Looking up old jump dates: ' : 'Checking '}
              {wizard.checking.done.toLocaleString('en')} of {wizard.checking.total.toLocaleString('en')}{' '}
              {wizard.checking.lookingUp ? 'bookings' : 'rows'}…
            </Text>
          )}
          {wizard.step === 'columns' && (
            <Button
              onClick={() => void wizard.toCheck()}
              disabled={wizard.missing.length > 0}
              loading={wizard.checking !== null}
              data-testid="import-next"
            >
              Check rows
            </Button>
          )}
          {wizard.step === 'check' && (
            <Button onClick={() => wizard.setStep('send')} disabled={ready === 0} data-testid="import-next">
              Continue to send
            </Button>
          )}
        </div>
      )}
    </Stack>
  );
}

/**
 * #/import/bookings and #/import/filmers: the wizard, fresh for each kind and each "new import",
 * and for each import the history hands over to retry its failed rows. ImportHost keeps it mounted.
 */
export function ImportPage({ kind }: { kind: ImportKind }) {
  // A request waiting when the wizard opens is its first import; it is taken once mounted.
  const [wizardKey, setWizardKey] = useState<{ generation: number; reopenId: number | null }>(() => ({
    generation: 0,
    reopenId: importActivity.peekResume(kind),
  }));
  const firstReopenId = wizardKey.generation === 0 ? wizardKey.reopenId : null;
  useEffect(() => {
    if (firstReopenId !== null && importActivity.peekResume(kind) === firstReopenId) importActivity.takeResume(kind);
    // A request made while this wizard is already mounted (kept off-screen) starts it afresh.
    return importActivity.subscribe(() => {
      const reopenId = importActivity.takeResume(kind);
      if (reopenId !== null) setWizardKey((current) => ({ generation: current.generation + 1, reopenId }));
    });
  }, [kind, firstReopenId]);
  return (
    <Wizard
      key={`${kind}-${wizardKey.generation}`}
      kind={kind}
      reopenId={wizardKey.reopenId}
      onRestart={() => setWizardKey((current) => ({ generation: current.generation + 1, reopenId: null }))}
    />
  );
}
