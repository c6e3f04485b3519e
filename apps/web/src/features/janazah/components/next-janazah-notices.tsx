import { useQuery } from '@apollo/client/react';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMomentBothCalendars } from '@jibs/domain';
import { Link } from 'react-router';
import { NextJanazahNoticesDocument } from '../../../gql/graphql';

/** The landing page's next public janazah notices (loaded after the page shows); none: nothing. */
export default function NextJanazahNotices() {
  const { data } = useQuery(NextJanazahNoticesDocument, { variables: { limit: 3 } });
  const notices = data?.nextJanazahNotices ?? [];
  if (!notices.length) return null;
  return (
    <Stack component="section" aria-labelledby="next-janazah-title" gap="lg">
      <Title order={2} id="next-janazah-title">
        Janazah prayers
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {notices.map((notice) => (
          <Card key={notice.id} withBorder radius="lg" padding="lg">
            <Stack gap={6}>
              <Title order={3} size="h4">
                {notice.deceasedName}
              </Title>
              <Text c="gray.7">{formatMomentBothCalendars(notice.prayerAt, notice.timeZone)}</Text>
              <Text c="gray.7">{notice.masjidName}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/janazah" fw={600}>
        See all janazah notices
      </Anchor>
    </Stack>
  );
}
