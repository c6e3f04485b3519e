import { Notifications } from '@mantine/notifications';

/** The toasts' container, loaded after the console's first render (see app.tsx). */
export default function Toasts() {
  return <Notifications position="bottom-right" autoClose={5000} />;
}
