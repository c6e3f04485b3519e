import { AdminLayoutMessages } from '@jibs/domain';
import { Container, Stack, Tabs } from '@mantine/core';
import { PageHeader } from '../../../shared/components/page-header';
import { ApiDocsTab } from '../components/api-docs-tab';
import { TestingTab } from '../components/testing-tab';
import { UserGuideTab } from '../components/user-guide-tab';

/** /admin/testing (spec: Admin testing): diagnostics, API documentation, user guide. */
export function TestingPage() {
  return (
    <Container size="xl" px={0}>
      <Stack gap="lg">
        <PageHeader
          title={AdminLayoutMessages.testing}
          description="Check the running service, read the API, and find how to run the site."
        />
        <Tabs defaultValue="testing" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="testing">Testing</Tabs.Tab>
            <Tabs.Tab value="api">API Documentation</Tabs.Tab>
            <Tabs.Tab value="guide">User Guide</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="testing" pt="lg">
            <TestingTab />
          </Tabs.Panel>
          <Tabs.Panel value="api" pt="lg">
            <ApiDocsTab />
          </Tabs.Panel>
          <Tabs.Panel value="guide" pt="lg">
            <UserGuideTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
