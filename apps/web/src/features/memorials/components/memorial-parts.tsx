import { Avatar, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  memorialInitials,
  MemorialMessages,
  HeaderMessages,
  MemorialPageMessages,
} from '@jibs/domain';
import { Link, useLocation } from 'react-router';
import { useMessages, useSession } from '@jibs/web-data';
import { useDocumentTitle } from '@jibs/web-ui';
import type { MemorialPrivacy } from '../../../gql/graphql';
import { privacyColor, privacyLabel } from '../utils/memorial-privacy';

/** The profile photo, or an avatar with the first two initials of the name. */
export function MemorialAvatar({
  fullName,
  imageUrl,
  size,
  onImageError,
}: {
  fullName: string;
  imageUrl: string | null;
  size: number;
  /** The presigned link may have expired (5 minutes): the page asks for fresh ones. */
  onImageError?: () => void;
}) {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  return (
    <Avatar
      src={imageUrl}
      alt={imageUrl ? text.photoOf(fullName) : undefined}
      size={size}
      radius={size}
      color="jibs"
      variant="filled"
      imageProps={onImageError ? { onError: onImageError } : undefined}
    >
      <span aria-hidden>{memorialInitials(fullName)}</span>
    </Avatar>
  );
}

export function PrivacyBadge({ privacy }: { privacy: MemorialPrivacy }) {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  return (
    <Badge variant="light" color={privacyColor(privacy)}>
      {privacyLabel(privacy, text)}
    </Badge>
  );
}

/** Missing and not allowed look the same (no existence leak). */
export function MemorialNotFound() {
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    HeaderMessages: header,
  } = useMessages({ MemorialPageMessages, MemorialMessages, HeaderMessages });
  const { status } = useSession();
  const { pathname } = useLocation();
  useDocumentTitle(memorialMessages.notFoundTitle);
  return (
    <Stack align="center" gap="lg" ta="center" py={{ base: 32, sm: 64 }}>
      <Title order={1}>{memorialMessages.notFoundTitle}</Title>
      <Text c="gray.7" maw={480}>
        {memorialMessages.notFoundMessage}
      </Text>
      <Group justify="center">
        <Button component={Link} to="/memorials">
          {text.backToMemorials}
        </Button>
        {status !== 'signed-in' && (
          <Button component={Link} to="/login" state={{ from: pathname }} variant="default">
            {header.signIn}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
