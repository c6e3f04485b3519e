import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The framed, centred card the sign-in and registration screens sit in. */
export function AuthCard({
  title,
  subtitle,
  width = 460,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Container size={width} px="md" py={{ base: 32, sm: 64 }}>
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1}>{title}</Title>
        {subtitle && <Text c="gray.7">{subtitle}</Text>}
      </Stack>
      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="white">
        {children}
      </Paper>
    </Container>
  );
}
