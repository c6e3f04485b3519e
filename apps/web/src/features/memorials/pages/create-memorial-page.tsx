import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MemorialMessages, LandingSectionMessages, MemorialPageMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@jibs/web-ui';
import { EMPTY_MEMORIAL, MemorialForm } from '../components/memorial-form';
import { MemorialBreadcrumbs } from '../components/memorial-breadcrumbs';
import { useMutation } from '@apollo/client/react';
import { CreateMemorialDocument } from '../../../gql/graphql';

/** /memorials/create: a new memorial page, then its page with 'Memorial Created'. */
export function CreateMemorialPage() {
  const {
    MemorialPageMessages: text,
    MemorialMessages: memorialMessages,
    LandingSectionMessages: landing,
  } = useMessages({ MemorialPageMessages, MemorialMessages, LandingSectionMessages });
  useDocumentTitle(landing.createMemorial);
  const navigate = useNavigate();
  const [createMemorial] = useMutation(CreateMemorialDocument);

  return (
    <Container size={720} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <MemorialBreadcrumbs current={landing.createMemorial} />
        <Stack gap={4}>
          <Title order={1}>{landing.createMemorial}</Title>
          <Text c="gray.7">{text.createIntro}</Text>
        </Stack>
        <Card withBorder radius="lg" padding="xl">
          <MemorialForm
            initialValues={EMPTY_MEMORIAL}
            submitLabel={text.createMemorial}
            failureFallback={memorialMessages.createFailed}
            biographyRows={4}
            onCancel={() => navigate('/memorials')}
            onSubmit={async (input) => {
              const result = await createMemorial({ variables: { input } });
              const created = result.data?.createMemorial;
              if (!created) throw new Error(memorialMessages.createFailed);
              notifications.show({
                color: 'green',
                title: memorialMessages.createdTitle,
                message: text.created(created.fullName),
              });
              navigate(`/memorial/${created.id}`);
            }}
          />
        </Card>
      </Stack>
    </Container>
  );
}
