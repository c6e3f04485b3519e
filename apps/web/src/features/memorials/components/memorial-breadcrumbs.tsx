// Breadcrumbs' styles: /memorials renders before the client, which brings the other
// components' styles (styles-screens.ts).
import '@mantine/core/styles/Breadcrumbs.css';
import { HeaderMessages, MemorialPageMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { BreadcrumbTrail } from '../../../shared/components/page-breadcrumbs';

/** Home › Memorials › {current}; the list itself is Home › Memorials. */
export function MemorialBreadcrumbs({ current }: { current?: string }) {
  const { MemorialPageMessages: text, HeaderMessages: header } = useMessages({
    MemorialPageMessages,
    HeaderMessages,
  });
  const trail = [
    { to: '/', label: text.home },
    ...(current ? [{ to: '/memorials', label: header.memorials }] : []),
  ];
  return <BreadcrumbTrail trail={trail} current={current ?? header.memorials} />;
}
