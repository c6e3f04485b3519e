import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The toasts' container, loaded after the first page (see app.tsx). */
export default function Toasts() {
  return <Notifications position="bottom-right" autoClose={5000} />;
}
