// Breadcrumbs' styles: /memorials renders before the client, which brings the other
// components' styles (styles-screens.ts).
import '@mantine/core/styles/Breadcrumbs.css';
import { BreadcrumbTrail } from '../../../shared/components/page-breadcrumbs';

/** Home › Memorials › {current}; the list itself is Home › Memorials. */
export function MemorialBreadcrumbs({ current }: { current?: string }) {
  const trail = [
    { to: '/', label: 'Home' },
    ...(current ? [{ to: '/memorials', label: 'Memorials' }] : []),
  ];
  return <BreadcrumbTrail trail={trail} current={current ?? 'Memorials'} />;
}
