import { Messages, PublicLayoutMessages } from '@jibs/domain';
import { translateText } from '@jibs/web-data';
import { notifications } from '@mantine/notifications';

/**
 * The toast for a session that ended on its own. Loaded when it shows, so that the entry every
 * route loads does not carry the message catalogue (issue 16: the first load stays light).
 */
export function showSessionExpired(): void {
  notifications.show({
    color: 'yellow',
    title: translateText(PublicLayoutMessages.signedOut),
    message: translateText(Messages.sessionExpired),
  });
}
