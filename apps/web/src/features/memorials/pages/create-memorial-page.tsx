import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MemorialMessages, LandingMessages } from '@jibs/domain';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '@jibs/web-ui';
import { EMPTY_MEMORIAL, MemorialForm } from '../components/memorial-form';
import { MemorialBreadcrumbs } from '../components/memorial-breadcrumbs';
import { useMutation } from '@apollo/client/react';
import { CreateMemorialDocument } from '../../../gql/graphql';

/** /memorials/create: a new memorial page, then its page with 'Memorial Created'. */
export function CreateMemorialPage() {
  useDocumentTitle(LandingMessages.createMemorial);
  const navigate = useNavigate();
  const [createMemorial] = useMutation(CreateMemorialDocument);

  return (
    <Container size={720} px="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <MemorialBreadcrumbs current={LandingMessages.createMemorial} />
        <Stack gap={4}>
          <Title order={1}>{LandingMessages.createMemorial}</Title>
          <Text c="gray.7">Only the full name is required; you can add the rest now or later.</Text>
        </Stack>
        <Card withBorder radius="lg" padding="xl">
          <MemorialForm
            initialValues={EMPTY_MEMORIAL}
            submitLabel="Create Memorial"
            failureFallback={MemorialMessages.createFailed}
            biographyRows={4}
            onCancel={() => navigate('/memorials')}
            onSubmit={async (input) => {
              const result = await createMemorial({ variables: { input } });
              const created = result.data?.createMemorial;
              if (!created) throw new Error(MemorialMessages.createFailed);
              notifications.show({
                color: 'green',
                title: MemorialMessages.createdTitle,
                message: `The memorial page for ${created.fullName} has been created.`,
              });
              navigate(`/memorial/${created.id}`);
            }}
          />
        </Card>
      </Stack>
    </Container>
  );
}
