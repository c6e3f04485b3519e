import { ActionMessages, DashboardMessages, formatCents } from '@jibs/domain';
import { Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { useMessages } from '@jibs/web-data';
import {
  DashboardSummaryDocument,
  MyDeathReportCountsDocument,
  type MembershipStatus,
} from '../../../gql/graphql';
import { StatCards } from './stat-cards';

/**
 * The dashboard's figures, read from the server: loaded after the page's first render (with
 * Apollo's query hook), the cards' loaders showing until then (dashboard-page.tsx).
 */
export default function DashboardStats({
  onMembershipStatus,
}: {
  /** The membership status billing answered, fresher than the session's. */
  onMembershipStatus: (status: MembershipStatus) => void;
}) {
  const { DashboardMessages: text, ActionMessages: actions } = useMessages({
    DashboardMessages,
    ActionMessages,
  });
  const summary = useQuery(DashboardSummaryDocument, { fetchPolicy: 'cache-and-network' });
  const reports = useQuery(MyDeathReportCountsDocument, { fetchPolicy: 'cache-and-network' });

  const data = summary.data?.dashboardSummary;
  const counts = reports.data?.myDeathReportCounts;
  const money = (cents: number | undefined) => (cents === undefined ? null : formatCents(cents));
  const count = (value: number | undefined) => (value === undefined ? null : String(value));

  const status = data?.membershipStatus;
  useEffect(() => {
    if (status) onMembershipStatus(status);
  }, [status, onMembershipStatus]);

  return (
    <>
      <StatCards
        figures={{
          reportsTotal: count(counts?.total),
          reportsPending: count(counts?.pending),
          totalPayments: money(data?.totalPayments),
          monthlyDues: money(data?.monthlyDues),
          reportsLoading: reports.loading && !counts,
          summaryLoading: summary.loading && !data,
        }}
      />
      {summary.error && !data && (
        <Text size="sm" c="gray.7" role="status">
          {text.paymentsNotLoaded}{' '}
          <Anchor component="button" type="button" onClick={() => void summary.refetch()}>
            {actions.tryAgain}
          </Anchor>
        </Text>
      )}
      {reports.error && !counts && (
        <Text size="sm" c="gray.7" role="status">
          {text.countsNotLoaded}{' '}
          <Anchor component="button" type="button" onClick={() => void reports.refetch()}>
            {actions.tryAgain}
          </Anchor>
        </Text>
      )}
    </>
  );
}
