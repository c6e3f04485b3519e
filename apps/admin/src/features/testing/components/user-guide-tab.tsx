import { AdminLayoutMessages, AdminSettingsPageMessages } from '@jibs/domain';
import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </section>
  );
}

/** User Guide: what the product does for export, backup and restore, security, troubleshooting. */
export function UserGuideTab() {
  return (
    <Stack gap="xl" maw={820}>
      <Section id="guide-export" title="Export">
        <Text>
          Members export their own data from <strong>Payment History → Export</strong> (shown once
          they have a payment): their profile, death reports, documents (the list, not the files),
          payments and notifications, as JSON or CSV, optionally with metadata and limited to a date
          range. Each part is read from the service that owns it, and only the member&apos;s own
          rows are included.
        </Text>
        <Text>
          Admins export one table at a time from <strong>Exports</strong> in the sidebar: profiles,
          death reports, documents (details, never the files), payments or notifications, as JSON or
          CSV, optionally with metadata and a date range. Each table is streamed from the service
          that owns it, and every export is written to the audit trail.
        </Text>
        <Text>
          Every admin action (settings, reviews, role and status changes, offline payments, exports,
          downloads of a member&apos;s document) is kept in the audit trail of the service it
          changed, with who, when, and the values before and after;{' '}
          <strong>{AdminLayoutMessages.auditTrail}</strong> in the sidebar shows them all, and a
          member&apos;s own in their details.
        </Text>
      </Section>

      <Section id="guide-backup" title="Backup and restore">
        <Text>
          On one machine (<Code>npm start</Code>) everything lives in the <Code>.data/</Code>{' '}
          folder: the Postgres databases (one per service, plus the event log), the stored files,
          the local mailbox and <Code>.data/secrets.json</Code>.
        </Text>
        <List spacing="xs">
          <List.Item>
            <strong>Back up:</strong> stop the stack (Ctrl-C waits for every part to stop), then
            copy the whole <Code>.data/</Code> folder somewhere safe. Keep the copy as private as
            the data: it holds members&apos; details and the site&apos;s secrets.
          </List.Item>
          <List.Item>
            <strong>Restore:</strong> stop the stack, put the copied folder back as{' '}
            <Code>.data/</Code>, and run <Code>npm start</Code>. Everything is as it was when the
            copy was made; what happened since is not in it.
          </List.Item>
          <List.Item>
            <strong>Other deployments</strong> (compose, Kubernetes): back up each service&apos;s
            Postgres database and the event log with <Code>pg_dump</Code>, and the storage buckets{' '}
            <Code>documents</Code> and <Code>memorials</Code>; restore them together, to the same
            point in time.
          </List.Item>
          <List.Item>
            Keep <Code>TOTP_ENCRYPTION_KEY</Code> (in <Code>secrets.json</Code> locally) with the
            backup: without it every authenticator must be set up again.
          </List.Item>
        </List>
        <Text>
          Members keep a copy of their own data from <strong>Profile → Backup and Restore</strong>:
          the backup file holds their profile, death reports, documents (details) and payments;
          restoring it re-creates only death reports that are missing (as new submissions for
          review), and restoring the same file twice changes nothing the second time.
        </Text>
        <Text>
          <Code>npm run stack:reset</Code> deletes <Code>.data/</Code> (it refuses while the stack
          runs). There is no undo: make a copy first.
        </Text>
      </Section>

      <Section id="guide-security" title="Security">
        <List spacing="xs">
          <List.Item>
            Admins sign in with their password and an authenticator app (set up at the first
            sign-in). Five failed sign-ins in 15 minutes lock further tries for a while.
          </List.Item>
          <List.Item>
            New admins register like any member; an admin then gives them the Admin role on the{' '}
            <Anchor component={Link} to="/users">
              {AdminSettingsPageMessages.usersPage}
            </Anchor>
            . The last administrator cannot be demoted.
          </List.Item>
          <List.Item>
            Members see only their own data; phone, date of birth and address are shown only to the
            member and to admins. Every admin operation is checked on the server, not only hidden in
            the console.
          </List.Item>
          <List.Item>
            <strong>{AdminSettingsPageMessages.maintenanceMode}</strong> (Settings → Security and
            System) shows members and visitors a maintenance notice within a few seconds while
            admins keep working; sign-in stays open so admins can get in.
          </List.Item>
          <List.Item>
            Uploaded files are checked by their content, not their name, against the allowed types
            and the maximum size in Settings.
          </List.Item>
        </List>
      </Section>

      <Section id="guide-troubleshooting" title="Troubleshooting">
        <List spacing="xs">
          <List.Item>
            Start with <strong>Testing → Run All Tests</strong>: a failed test says which part and
            why (a service not running, a database down, storage or mail refusing).
          </List.Item>
          <List.Item>
            A service not running: <Code>npm start</Code> says which port is taken and which
            variable moves it; stopping with Ctrl-C and starting again restarts every part.
          </List.Item>
          <List.Item>
            Emails not arriving: check that{' '}
            <strong>{AdminSettingsPageMessages.emailNotifications}</strong> is on in Settings (when
            off, members get in-app notifications only), then the local mailbox at{' '}
            <Code>http://localhost:8025</Code> or your SMTP server.
          </List.Item>
          <List.Item>
            Members cannot upload: check the maximum file size and the allowed types in Settings.
          </List.Item>
          <List.Item>
            Members see the maintenance notice: turn maintenance mode off in Settings; the site
            comes back within a few seconds.
          </List.Item>
          <List.Item>
            &quot;Gateway schema matches the committed supergraph&quot; failing: a service runs
            other code than the gateway was built with; rebuild and restart them together.
          </List.Item>
        </List>
      </Section>
    </Stack>
  );
}
