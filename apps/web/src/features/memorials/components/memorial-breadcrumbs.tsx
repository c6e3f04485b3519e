// Breadcrumbs' styles: /memorials renders before the client, which brings the other
// components' styles (styles-screens.ts).
import '@mantine/core/styles/Breadcrumbs.css';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** Home › Memorials › {current}; the list itself is Home › Memorials. */
export function MemorialBreadcrumbs({ current }: { current?: string }) {
  const trail = [
    { to: '/', label: 'Home' },
    ...(current ? [{ to: '/memorials', label: 'Memorials' }] : []),
  ];
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" separatorMargin={6}>
        {trail.map((item) => (
          <Anchor key={item.to} component={Link} to={item.to} size="sm" c="gray.7">
            {item.label}
          </Anchor>
        ))}
        <Text size="sm" c="gray.8" aria-current="page">
          {current ?? 'Memorials'}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
