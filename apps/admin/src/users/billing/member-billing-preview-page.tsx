import { Container, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageHeader } from '../../layout/page-header';
import { MemberBillingSection } from './member-billing-section';

/**
 * TEMPORARY (issue 14): shows MemberBillingSection on its own at /admin/member-billing/:userId
 * until the Users page's details drawer embeds it; the integrator removes this page and its route.
 */
export function MemberBillingPreviewPage() {
  const { userId = '' } = useParams();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader title="Member billing" />
        <MemberBillingSection userId={userId} headingOrder={2} />
      </Stack>
    </Container>
  );
}
