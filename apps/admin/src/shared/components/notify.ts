import { notifications } from '@mantine/notifications';
import { translateText } from '@jibs/web-data';

/** A toast in the reader's language: the catalogue's English title and message, translated. */
export function notify(color: string, { title, message }: { title: string; message: string }) {
  notifications.show({ color, title: translateText(title), message: translateText(message) });
}
