import { Title } from '@mantine/core';

export function FilmersPage() {
  return <Title order={2}>Filmers</Title>;
}
