// Mantine's styles for the sign-in form's fields, which the first page's styles
// (app/styles-first-page.ts) lack: the sign-in screen shows before the other screens' styles
// (app/styles-screens.ts, with the Apollo client) are in. Order as in styles.css.
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
