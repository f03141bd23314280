import { Title } from '@mantine/core';

export function CataloguePage() {
  return <Title order={2}>Catalogue</Title>;
}
