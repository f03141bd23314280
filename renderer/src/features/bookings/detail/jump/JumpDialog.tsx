import { Alert, Button, Group, List, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BookingShowAnswer } from '../../../../../../shared/api/sync-answers';
import { JUMP_CAMERAS, type JumpCamera, type JumpCheckInput } from '../../../../../../shared/schemas/jumps';
import { defaultJumpDate, rolesOf } from '../../../../../../shared/service/jumps';
import { ApiError } from '../../../../api/client';
import { jumpCheckQuery, jumpsApi } from '../../../../api/jumps-api';
import { filmersQuery, queryKeys } from '../../../../api/queries';
import { RecordedByField } from '../../../../components/RecordedByField';
import { DIALOG_STYLES } from '../../../../components/dialog-styles';
import { useOperatorName } from '../../../../lib/operator';
import { CAMERA_REQUIREMENT_LABELS } from '../../../../lib/booking-labels';
import { filmerOptions, ROLE_LABELS } from './filmer-options';

export interface JumpDialogProps {
  opened: boolean;
  booking: BookingShowAnswer;
  /** Today in the dropzone's zone: no jump is recorded after it. */
  today: string;
  onClose: () => void;
}

export const CAMERA_CHOICES: Record<JumpCamera, { label: string; hint: string }> = {
  selfie: { label: 'Selfie', hint: "the tandem instructor's handcam" },
  videographer: { label: 'Videographer', hint: 'an outside videographer' },
  both: { label: 'Both', hint: 'handcam and outside videographer, two people' },
};

/** Record a booking's jump, or change the one recorded. Mounted afresh on each opening (key), so it starts from the booking. */
export function JumpDialog({ opened, booking, today, onClose }: JumpDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={`${booking.jump ? 'Change jump' : 'Record jump'}: ${booking.name ?? booking.external_id}`}
      styles={DIALOG_STYLES}
      data-testid="jump-dialog"
    >
      <JumpForm booking={booking} today={today} onClose={onClose} />
    </Modal>
  );
}

const asCamera = (value: string | null | undefined): JumpCamera =>
  (JUMP_CAMERAS as readonly string[]).includes(value ?? '') ? (value as JumpCamera) : 'selfie';

function JumpForm({ booking, today, onClose }: Omit<JumpDialogProps, 'opened'>) {
  const queryClient = useQueryClient();
  const [operator, rememberOperator] = useOperatorName();
  const [camera, setCamera] = useState<JumpCamera>(asCamera(booking.jump?.camera));
  const [filmerId, setFilmerId] = useState<string | null>(
    booking.jump?.filmer_id != null ? String(booking.jump.filmer_id) : null,
  );
  const [secondId, setSecondId] = useState<string | null>(
    booking.jump?.second_filmer_id != null ? String(booking.jump.second_filmer_id) : null,
  );
  const [jumpedOn, setJumpedOn] = useState<string | null>(
    booking.jump?.jumped_on ?? defaultJumpDate(booking.jump_on, today),
  );
  const [name, setName] = useState(operator);
  const [saveErrors, setSaveErrors] = useState<{ fields: Record<string, string>; general: string | null }>({
    fields: {},
    general: null,
  });
  const filmers = useQuery(filmersQuery(true));
  const [firstRole, secondRole] = rolesOf(camera);

  const input: JumpCheckInput | null =
    filmerId === null
      ? null
      : {
          camera,
          filmer_id: Number(filmerId),
          second_filmer_id: secondRole && secondId !== null ? Number(secondId) : null,
          jumped_on: jumpedOn,
        };
  const check = useQuery(jumpCheckQuery(booking.external_id!, input));
  const refusals = check.data?.refusals ?? [];
  const warnings = check.data?.warnings ?? [];
  const refusalOf = (field: string) =>
    saveErrors.fields[field] ??
    refusals
      .filter((p) => p.field === field)
      .map((p) => p.message)
      .join('; ');
  const bookingRefusal = saveErrors.general ?? refusals.find((p) => p.field === 'booking')?.message ?? null;

  const save = useMutation({
    mutationFn: () => jumpsApi.record(booking.external_id!, { ...input!, recorded_by: name }),
    onSuccess: (answer) => {
      rememberOperator(name.trim());
      notifications.show({
        color: 'teal',
        title: answer.status === 'created' ? 'Jump recorded' : 'Jump changed',
        message: booking.name ?? booking.external_id,
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bookings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.filmers });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setSaveErrors({ fields: error.fields, general: Object.keys(error.fields).length > 0 ? null : error.message });
      else setSaveErrors({ fields: {}, general: `${(error as Error).message}. Nothing was recorded.` });
    },
  });
  const clearSaveErrors = () => setSaveErrors({ fields: {}, general: null });
  const blankName = name.trim() === '';
  const canSave = input !== null && !blankName && refusals.length === 0 && !check.isFetching && !save.isPending;
  // A disabled Save says why: what is still missing, next to its field and together by the button.
  const missing = [...(filmerId === null ? ['a filmer'] : []), ...(blankName ? ['your name'] : [])];

  const first = filmerOptions(filmers.data ?? [], firstRole!);
  const second = secondRole ? filmerOptions(filmers.data ?? [], secondRole) : null;
  const inactiveNote = first.inactive > 0 ? `Inactive filmers are not listed (${first.inactive}).` : undefined;
  const requirement = check.data?.camera_requirement;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) save.mutate();
      }}
    >
      <Stack gap="md">
        {bookingRefusal && (
          <Alert color="red" title="The jump cannot be recorded" data-testid="jump-refusal" role="alert">
            {bookingRefusal}
          </Alert>
        )}
        <Radio.Group
          label="Camera"
          value={camera}
          onChange={(value) => (setCamera(asCamera(value)), clearSaveErrors())}
          description={
            requirement !== undefined
              ? `The booking asks for: ${requirement ? CAMERA_REQUIREMENT_LABELS[requirement] : 'no particular camera'}`
              : undefined
          }
          error={refusalOf('camera') || undefined}
        >
          <Group gap="lg" mt={6}>
            {JUMP_CAMERAS.map((c) => (
              <Radio
                key={c}
                value={c}
                label={CAMERA_CHOICES[c].label}
                description={CAMERA_CHOICES[c].hint}
                data-testid={`jump-camera-${c}`}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group grow align="flex-start">
          <Select
            label={ROLE_LABELS[firstRole!]}
            placeholder={filmers.isPending ? 'Loading filmers…' : 'Pick a filmer'}
            data={first.options}
            value={filmerId}
            onChange={(value) => (setFilmerId(value), clearSaveErrors())}
            searchable
            description={inactiveNote}
            error={refusalOf('filmer_id') || undefined}
            comboboxProps={{ withinPortal: true }}
            data-testid="jump-filmer-select"
          />
          {second && (
            <Select
              label={ROLE_LABELS[secondRole!]}
              placeholder="Pick the second filmer"
              data={second.options}
              value={secondId}
              onChange={(value) => (setSecondId(value), clearSaveErrors())}
              searchable
              error={refusalOf('second_filmer_id') || undefined}
              comboboxProps={{ withinPortal: true }}
              data-testid="jump-second-filmer-select"
            />
          )}
        </Group>
        <Group grow align="flex-start">
          <DateInput
            label="Jumped on"
            value={jumpedOn}
            onChange={(value) => (setJumpedOn(value), clearSaveErrors())}
            valueFormat="YYYY-MM-DD"
            placeholder="YYYY-MM-DD"
            maxDate={today}
            description={booking.jump_on ? `Booked for ${booking.jump_on}` : 'The booking has no jump date'}
            error={refusalOf('jumped_on') || undefined}
            popoverProps={{ withinPortal: true }}
            data-testid="jump-date"
          />
          <RecordedByField
            value={name}
            onChange={(typed) => (setName(typed), clearSaveErrors())}
            required
            description={
              blankName ? (
                <Text span size="xs" fw={600} c="var(--mantine-color-text)" data-testid="jump-name-missing">
                  Needed to save: the jump is recorded under your name
                </Text>
              ) : (
                'Recorded with the jump'
              )
            }
            error={refusalOf('recorded_by') || undefined}
            data-autofocus={blankName || undefined}
          />
        </Group>
        {warnings.length > 0 && (
          <Alert color="yellow" title="Worth a second look (you can still save)" data-testid="jump-warnings">
            <List size="sm" spacing={2}>
              {warnings.map((w) => (
                <List.Item key={`${w.field}:${w.code}`}>{w.message}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {check.isError && (
          <Text size="sm" c="red" role="alert">
            The desk could not check this jump: {(check.error as Error).message}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" className="dialog-footer">
          {missing.length > 0 && (
            <Text size="xs" c="dimmed" mr="auto" data-testid="jump-save-missing">
              To save, give {missing.join(' and ')}.
            </Text>
          )}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave} loading={save.isPending} data-testid="jump-save">
            Save jump
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
