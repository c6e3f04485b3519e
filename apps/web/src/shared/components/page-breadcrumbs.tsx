import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayoutMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';

/** The trail's links, then the current page (not a link), in a labelled navigation landmark. */
export function BreadcrumbTrail({
  trail,
  current,
}: {
  trail: readonly { to: string; label: string }[];
  current: string;
}) {
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  return (
    <nav aria-label={text.breadcrumb}>
      {/* "›" is a mirrored character: it points the other way in Arabic and Urdu by itself. */}
      <Breadcrumbs separator="›" separatorMargin={6}>
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
  const { PublicLayoutMessages: text } = useMessages({ PublicLayoutMessages });
  const trail = [
    { to: '/', label: text.homeCrumb },
    ...(current === text.dashboardCrumb ? [] : [{ to: '/dashboard', label: text.dashboardCrumb }]),
  ];
  return <BreadcrumbTrail trail={trail} current={current} />;
}
