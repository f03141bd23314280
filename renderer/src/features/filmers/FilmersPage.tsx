import { Badge, Group, Kbd, Loader, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import type { Filmer } from '../../../../shared/schemas/filmer';
import { filmerJumpCountsQuery } from '../../api/jumps-api';
import { filmersQuery } from '../../api/queries';
import { ROUTES } from '../../lib/routes';
import { FoldingToolbar } from '../../components/FoldingToolbar';
import { GridKeyHints } from '../../components/grid/GridKeyHints';
import { IconFileImport } from '../../components/icons';
import screen from '../../components/screen.module.css';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { DeleteFilmerDialog } from './DeleteFilmerDialog';
import { FilmerFormModal } from './FilmerFormModal';
import type { FilmerRow } from './filmer-columns';
import { FilmerJumpsDrawer } from './FilmerJumpsDrawer';
import { FilmersGrid } from './FilmersGrid';
import { useSetFilmerActive } from './use-filmer-mutations';

const NO_FILMERS: Filmer[] = [];
const KEY_HINTS: [string, string][] = [
  ['↑ ↓', 'select'],
  ['Enter', 'edit'],
  ['Del', 'delete'],
  ['N', 'new filmer'],
  ['/', 'search'],
];

interface FormState {
  opened: boolean;
  filmer: Filmer | null;
  session: number;
}

/** The dropzone's filmers: who films, who is on the tablet list, and their ids in the booking system. */
export function FilmersPage() {
  const [includeAll, setIncludeAll] = useState(false);
  const [filter, setFilter] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [form, setForm] = useState<FormState>({ opened: false, filmer: null, session: 0 });
  const [deleting, setDeleting] = useState<Filmer | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const filmers = useQuery({ ...filmersQuery(includeAll), placeholderData: keepPreviousData });
  const { mutate: setActive } = useSetFilmerActive();
  const jumpCounts = useQuery(filmerJumpCountsQuery());
  // #/filmers/:id: that filmer's jumps, beside the list.
  const [, navigate] = useLocation();
  const [detailOpen, params] = useRoute('/filmers/:id');
  const openId = detailOpen ? Number(params.id) : null;

  const openForm = (filmer: Filmer | null) =>
    setForm((current) => ({ opened: true, filmer, session: current.session + 1 }));
  const closeForm = () => setForm((current) => ({ ...current, opened: false }));
  const askDelete = useCallback((filmer: Filmer) => {
    setForm((current) => ({ ...current, opened: false }));
    setDeleting(filmer);
  }, []);
  const onSetActive = useCallback((filmer: Filmer, active: boolean) => setActive({ filmer, active }), [setActive]);

  const dialogOpen = form.opened || deleting !== null || openId !== null;
  useHotkeys([
    ['n', () => !dialogOpen && openForm(null)],
    ['/', () => !dialogOpen && searchRef.current?.focus()],
  ]);

  const onSaved = ({ id, externalId, created }: { id: number; externalId: string | null; created: boolean }) => {
    closeForm();
    setSelectedId(id);
    if (created && !externalId && !includeAll) {
      // Otherwise the new filmer would vanish from a list that only shows filmers with an external id.
      setIncludeAll(true);
      notifications.show({
        color: 'blue',
        message: 'Now including filmers without external id, so the new filmer is in the list.',
      });
    }
  };

  const list = filmers.data ?? NO_FILMERS;
  const counts = jumpCounts.data;
  const rows = useMemo<FilmerRow[]>(
    () => list.map((f) => ({ ...f, jump_count: counts ? (counts.get(f.id) ?? 0) : null })),
    [list, counts],
  );
  return (
    <Stack gap="md" className={screen.fullHeight}>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <div>
          <Group gap="sm" align="center">
            <Title order={2}>Filmers</Title>
            {filmers.isSuccess && (
              <Badge variant="light" color="gray" data-testid="filmers-count">
                {list.length}
              </Badge>
            )}
            {filmers.isFetching && filmers.isSuccess && <Loader size="xs" role="status" aria-label="Refreshing" />}
          </Group>
          <Text size="sm" c="dimmed">
            Tandem instructors and videographers. Inactive filmers stay on record but are off the tablet list.
          </Text>
        </div>
        <FoldingToolbar
          label="Filmer actions"
          testId="filmers-toolbar"
          actions={[
            {
              id: 'import',
              label: 'Import…',
              variant: 'default',
              icon: <IconFileImport />,
              onClick: () => navigate(ROUTES.importFilmers),
              testId: 'import-filmers',
            },
            {
              id: 'new',
              label: 'New filmer',
              variant: 'filled',
              shortcut: 'N',
              primary: true,
              onClick: () => openForm(null),
            },
          ]}
        />
      </Group>

      <Group justify="space-between">
        <TextInput
          ref={searchRef}
          w={320}
          placeholder="Search name, e-mail or external id"
          aria-label="Search filmers"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Escape' && (filter ? setFilter('') : event.currentTarget.blur())}
          rightSection={<Kbd size="xs">/</Kbd>}
        />
        <Switch
          label="Include filmers without external id"
          checked={includeAll}
          onChange={(event) => setIncludeAll(event.currentTarget.checked)}
        />
      </Group>

      {filmers.isPending ? (
        <LoadingState label="Loading filmers…" />
      ) : filmers.isError ? (
        <ErrorState error={filmers.error} onRetry={() => filmers.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={includeAll ? 'No filmers yet' : 'No filmers with an external id'}>
          {includeAll
            ? 'Filmers arrive from your booking system’s sync, or add one here with New filmer (N).'
            : 'Filmers synced from your booking system carry an external id. Turn on “Include filmers without external id” to see desk-only filmers, or add one with New filmer (N).'}
        </EmptyState>
      ) : (
        <>
          <FilmersGrid
            filmers={rows}
            filter={filter}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onEdit={openForm}
            onDelete={askDelete}
            onSetActive={onSetActive}
          />
          <GridKeyHints hints={KEY_HINTS} />
        </>
      )}

      <FilmerFormModal
        opened={form.opened}
        filmer={form.filmer}
        session={form.session}
        onClose={closeForm}
        onSaved={onSaved}
        onDelete={askDelete}
      />
      <FilmerJumpsDrawer filmerId={openId} onClose={() => navigate(ROUTES.filmers)} />
      <DeleteFilmerDialog
        filmer={deleting}
        onClose={() => setDeleting(null)}
        onDeactivate={(filmer) => onSetActive(filmer, false)}
      />
    </Stack>
  );
}
