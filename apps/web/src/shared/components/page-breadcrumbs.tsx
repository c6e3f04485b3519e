import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { DashboardMessages, MemorialPageMessages } from '@jibs/domain';
import { useLanguage, useMessages } from '@jibs/web-data';
import { Link } from 'react-router';

/** The trail's links, then the current page (not a link), in a labelled navigation landmark. */
export function BreadcrumbTrail({
  trail,
  current,
}: {
  trail: readonly { to: string; label: string }[];
  current: string;
}) {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  // The trail reads from the start side: right to left, its arrows point left.
  const rtl = useLanguage().locale !== 'en';
  return (
    <nav aria-label={text.breadcrumb}>
      <Breadcrumbs separator={rtl ? '‹' : '›'} separatorMargin={6}>
        {trail.map((item) => (
          <Anchor key={item.to} component={Link} to={item.to} size="sm" c="gray.7">
            {item.label}
          </Anchor>
        ))}
        <Text size="sm" c="gray.8" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

/** Home › Dashboard › {current} (spec 2: breadcrumbs on the dashboard and the member screens). */
export function PageBreadcrumbs({ current }: { current: string }) {
  const { MemorialPageMessages: text, DashboardMessages: dashboard } = useMessages({
    MemorialPageMessages,
    DashboardMessages,
  });
  const trail = [
    { to: '/', label: text.home },
    ...(current === dashboard.title ? [] : [{ to: '/dashboard', label: dashboard.title }]),
  ];
  return <BreadcrumbTrail trail={trail} current={current} />;
}
