import {
  ActionIcon,
  Menu,
  SegmentedControl,
  Tooltip,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from './icons';

/** The three choices: light, dark, or as the system says (the default). Mantine remembers it (localStorage). */
const SCHEMES: { value: MantineColorScheme; label: string; Icon: typeof IconSun }[] = [
  { value: 'light', label: 'Light', Icon: IconSun },
  { value: 'dark', label: 'Dark', Icon: IconMoon },
  { value: 'auto', label: 'Follow the system', Icon: IconDeviceDesktop },
];

const schemeOf = (value: MantineColorScheme) => SCHEMES.find((scheme) => scheme.value === value) ?? SCHEMES[2]!;

/** The header's switch: an icon showing the choice, a menu of the three. */
export function ColorSchemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = schemeOf(colorScheme);
  return (
    <Menu position="bottom-end" withArrow>
      <Menu.Target>
        <Tooltip label={`Appearance: ${current.label.toLowerCase()}`}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Appearance: ${current.label.toLowerCase()}`}
            data-testid="color-scheme-menu"
            data-scheme={colorScheme}
          >
            <current.Icon size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Appearance</Menu.Label>
        {SCHEMES.map(({ value, label, Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon />}
            onClick={() => setColorScheme(value)}
            aria-current={value === colorScheme || undefined}
            fw={value === colorScheme ? 650 : undefined}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Settings' switch: the three choices side by side. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      aria-label="Appearance"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={SCHEMES.map(({ value, label }) => ({ value, label }))}
      data-testid="color-scheme-control"
    />
  );
}
