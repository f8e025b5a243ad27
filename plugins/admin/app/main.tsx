/**
 * The panel's entry: Mantine's styles and theme, the session, the built-in pages (registered
 * through the same extension point as a plugin's), then the app.
 */
import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import './styles.css';
import { createTheme, type CSSVariablesResolver, defaultVariantColorsResolver, MantineProvider, Modal, parseThemeColor, type VariantColorsResolver } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { exposeGlobal } from './global';
import { registerBuiltinPages } from './builtin-pages';
import { SessionProvider } from './session';

/**
 * WCAG AA contrast (axe checks it in the browser test): white on the primary color needs its
 * shade 8 (4.6:1), dimmed text gray 7, and text of light and subtle buttons, alerts and links
 * shade 9, and a field's error message red 9 (Mantine's defaults, shade 6 and gray 6, give 3.3 to
 * 3.6:1).
 */
const darkText: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'subtle') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor ? { ...colors, color: `var(--mantine-color-${parsed.color}-9)` } : colors;
};
// every dialog's close button (an icon) is named for screen readers
const theme = createTheme({
  primaryShade: { light: 8, dark: 8 },
  variantColorResolver: darkText,
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }) },
});
const contrast: CSSVariablesResolver = (t) => ({ variables: {}, light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-placeholder': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
  }, dark: {} });

registerBuiltinPages();
exposeGlobal();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider defaultColorScheme="light" theme={theme} cssVariablesResolver={contrast}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
