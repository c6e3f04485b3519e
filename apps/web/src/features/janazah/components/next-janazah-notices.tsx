import { useQuery } from '@apollo/client/react';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { JanazahPageMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { useJanazahMoment } from '@jibs/web-ui';
import { Link } from 'react-router';
import { NextJanazahNoticesDocument } from '../../../gql/graphql';

/** The landing page's next public janazah notices (loaded after the page shows); none: nothing. */
export default function NextJanazahNotices() {
  const { JanazahPageMessages: text } = useMessages({ JanazahPageMessages });
  const moment = useJanazahMoment();
  const { data } = useQuery(NextJanazahNoticesDocument, { variables: { limit: 3 } });
  const notices = data?.nextJanazahNotices ?? [];
  if (!notices.length) return null;
  return (
    <Stack component="section" aria-labelledby="next-janazah-title" gap="lg">
      <Title order={2} id="next-janazah-title">
        {text.janazahPrayers}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {notices.map((notice) => (
          <Card key={notice.id} withBorder radius="lg" padding="lg">
            <Stack gap={6}>
              <Title order={3} size="h4">
                {notice.deceasedName}
              </Title>
              <Text c="gray.7">{moment(notice.prayerAt, notice.timeZone)}</Text>
              <Text c="gray.7">{notice.masjidName}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/janazah" fw={600}>
        {text.seeAll}
      </Anchor>
    </Stack>
  );
}
