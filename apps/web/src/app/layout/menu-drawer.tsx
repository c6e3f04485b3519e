// The drawer's styles come with it (the screens' styles may not have loaded yet on the first page).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';
import { HeaderMessages, PublicLayoutMessages } from '@jibs/domain';
import { Divider, Drawer, Stack } from '@mantine/core';
import { useMessages } from '@jibs/web-data';
import type { ReactNode } from 'react';

/**
 * The small screens' menu. A drawer brings focus trapping, scroll locking and transitions: loaded
 * when the menu is first opened, not with the first page.
 */
export default function MenuDrawer({
  opened,
  onClose,
  onClosed,
  navigation,
  account,
}: {
  opened: boolean;
  onClose: () => void;
  /** After the closing transition: the header puts focus back on the menu button. */
  onClosed: () => void;
  navigation: ReactNode;
  account: ReactNode;
}) {
  const { PublicLayoutMessages: text, HeaderMessages: header } = useMessages({
    PublicLayoutMessages,
    HeaderMessages,
  });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // Mantine mirrors it in Arabic and Urdu: the menu opens from the left, where its button is.
      position="right"
      size="xs"
      title={text.menu}
      closeButtonProps={{ 'aria-label': header.closeMenu }}
      hiddenFrom="sm"
      // Mantine returns focus to what had it when `opened` turned true; this drawer mounts
      // already open (it loads on the first click), so the header returns focus itself.
      returnFocus={false}
      onExitTransitionEnd={onClosed}
    >
      <Stack gap="md">
        <Stack component="nav" aria-label={header.mainNavigation} gap="sm">
          {navigation}
        </Stack>
        <Divider />
        <Stack gap="sm">{account}</Stack>
      </Stack>
    </Drawer>
  );
}
