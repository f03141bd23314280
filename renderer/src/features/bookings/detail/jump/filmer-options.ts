import type { Filmer } from '../../../../../../shared/schemas/filmer';
import { whyCannotFilm, type FilmerRole } from '../../../../../../shared/service/jumps';

export interface FilmerOption {
  value: string;
  label: string;
  disabled: boolean;
}

export const ROLE_LABELS: Record<FilmerRole, string> = {
  handcam: 'Handcam (tandem instructor)',
  videographer: 'Videographer (outside camera)',
};

const SHORT_WHY: Record<FilmerRole, string> = {
  handcam: 'not a tandem instructor',
  videographer: 'not a videographer',
};

/**
 * The filmers a select offers for a role: active ones who can take it first, then the other
 * active ones disabled with why (the rule is shared/service/jumps.ts, the server's own). Inactive
 * filmers are left out (they are off the tablet list) and only counted, for a note.
 */
export function filmerOptions(
  filmers: readonly Filmer[],
  role: FilmerRole,
): { options: FilmerOption[]; inactive: number } {
  const active = filmers.filter((f) => f.active).sort((a, b) => a.name.localeCompare(b.name));
  const able = active.filter((f) => whyCannotFilm(f, role) === null);
  const unable = active.filter((f) => whyCannotFilm(f, role) !== null);
  return {
    options: [
      ...able.map((f) => ({ value: String(f.id), label: f.name, disabled: false })),
      ...unable.map((f) => ({ value: String(f.id), label: `${f.name} (${SHORT_WHY[role]})`, disabled: true })),
    ],
    inactive: filmers.length - active.length,
  };
}
