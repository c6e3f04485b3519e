import { CommonWords, HeaderMessages } from '@jibs/domain';
import { useMemo } from 'react';
import { useMessages } from '../language/language-store';
import {
  createTheme,
  mergeThemeOverrides,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/** A deep, quiet green: the product's one accent colour. */
const jibsGreen: MantineColorsTuple = [
  '#ecf6f1',
  '#d8ece2',
  '#aed8c3',
  '#82c3a2',
  '#5db087',
  '#45a276',
  '#2f8a62',
  '#236f4f',
  '#1d5a43',
  '#123d2d',
];

/**
 * Text on the light variants (badges, alerts, light buttons) is the colour's darkest shade,
 * darkened further: Mantine's default (shade 6 on a 10% tint) reads at 2-3:1, while WCAG AA
 * asks 4.5:1 of small text. One rule for every colour, so each status badge passes.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return resolved;
  const parsed = parseThemeColor({
    color: input.color ?? input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor) return resolved;
  const text = darken(input.theme.colors[parsed.color]![9], 0.3);
  return { ...resolved, color: text, hoverColor: text };
};

export const theme = createTheme({
  primaryColor: 'jibs',
  primaryShade: { light: 8, dark: 5 },
  colors: { jibs: jibsGreen },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontWeight: '600',
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.25' },
      h2: { fontSize: '1.75rem', lineHeight: '1.3' },
      h3: { fontSize: '1.375rem', lineHeight: '1.35' },
    },
  },
  // Readable type: 16px is the smallest size most text uses.
  fontSizes: {
    xs: '0.875rem',
    sm: '1rem',
    md: '1.0625rem',
    lg: '1.1875rem',
    xl: '1.3125rem',
  },
  lineHeights: { xs: '1.5', sm: '1.6', md: '1.6', lg: '1.6', xl: '1.6' },
  defaultRadius: 'md',
  focusRing: 'auto',
  variantColorResolver,
  components: {
    // Links inside text are told apart by more than colour (WCAG 1.4.1); navigation opts out.
    Anchor: { defaultProps: { underline: 'always' } },
    // Icon-only close buttons get a name (screen readers otherwise announce just 'button').
    // A dialog's <header> is not a second page banner (one banner landmark per page).
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': CommonWords.closeDialog },
        attributes: { header: { role: 'presentation' } },
      },
    },
    Drawer: {
      defaultProps: {
        closeButtonProps: { 'aria-label': HeaderMessages.closeMenu },
        attributes: { header: { role: 'presentation' } },
      },
    },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': CommonWords.closeNotification } },
    },
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Checkbox: { defaultProps: { size: 'md' } },
    Text: { defaultProps: { size: 'md' } },
  },
});

/** A warm off-white page behind white cards. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Secondary text (hints, toast messages) dark enough to read easily: about 8:1 on white.
  light: {
    '--mantine-color-body': '#f7f6f1',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Error texts and invalid-field borders: red 9 (about 5.5:1 on white), not red 6 (3.5:1).
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/**
 * The theme with its close buttons' names in the reader's language (dialogs, the menu drawer,
 * toasts); in English, the theme itself.
 */
export function useLocalizedTheme(): typeof theme {
  const { CommonWords: words, HeaderMessages: header } = useMessages({
    CommonWords,
    HeaderMessages,
  });
  return useMemo(
    () =>
      words === CommonWords
        ? theme
        : mergeThemeOverrides(
            theme,
            createTheme({
              components: {
                Modal: { defaultProps: { closeButtonProps: { 'aria-label': words.closeDialog } } },
                Drawer: { defaultProps: { closeButtonProps: { 'aria-label': header.closeMenu } } },
                Notification: {
                  defaultProps: { closeButtonProps: { 'aria-label': words.closeNotification } },
                },
              },
            }),
          ),
    [words, header],
  );
}
