import { Container } from '@mantine/core';
import { ErrorCode, MemorialPageMessages } from '@jibs/domain';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { browserSessionHint, GraphQLAnswerError, useMessages } from '@jibs/web-data';
import { PageLoader, useDocumentTitle } from '@jibs/web-ui';
import { preloadable } from '../../../shared/lazy-screen';
import { startVisitorRead } from '../utils/visitor-read';
import { useMemorialRead } from '../utils/use-memorial-read';

// A visitor reads the page without waiting for the Apollo client or the screens' route table:
// this file (a public route's screen, app.tsx) renders at once with a loader, and reads the
// memorial over the session's plain fetch once the session is settled (useMemorialRead). The
// memorial as shown (memorial-view.tsx, with what it loads when shown) starts loading as this
// file loads, and the route's page preloads it (screen-modules.ts, AFTER_FIRST_RENDER), so it is
// in by the time the read answers and renders at once (`preloadable`: a lazy part would suspend
// first, and React holds a revealed boundary back for 300 ms); the first render does not wait
// for it.
const view = preloadable(
  () => import('../components/memorial-view'),
  (m) => m.default,
);
// A chunk that failed to load (a dropped connection) is asked for again when the view renders,
// and a failure surfaces there, as any lazy screen's does: not as an unhandled rejection here.
const ignoreFailure = () => undefined;
/**
 * In once the memorial as shown is (or failed to load): the page's screen waits for it (app.tsx),
 * so that a visitor whose page came with the memorial's answer sees it at the first render.
 */
export const firstRenderParts: Promise<unknown> = view.preload().catch(ignoreFailure);
const MemorialView = view.Component;
// Shown only when there is no memorial to show (with the view's parts); it names the tab itself.
const notFound = preloadable(
  () => import('../components/memorial-parts'),
  (m) => m.MemorialNotFound,
);
notFound.preload().catch(ignoreFailure);
const MemorialNotFound = notFound.Component;
// A visitor's read of the memorial in the address: the answer the gateway put in the page, or a
// read sent now, not after the first render (when this module loads in a browser: not in the
// unit tests' server render).
if (typeof location !== 'undefined')
  startVisitorRead(location.pathname, { session: browserSessionHint() });
// Shown only when the read failed (with Mantine's Alert).
const MemorialFailure = lazy(() =>
  import('../components/memorial-failure').then((m) => ({ default: m.MemorialFailure })),
);

/** /memorial/:id — public route; the server decides who may see it. */
export function MemorialPage() {
  const { MemorialPageMessages: text } = useMessages({ MemorialPageMessages });
  const { id = '' } = useParams();
  const read = useMemorialRead(id);
  const { data: memorial, loading, error } = read;
  // A missing memorial is a GraphQL answer (the page's fetch: session-transport.ts), so the
  // first load does without the API's error helpers (toApiError), which the failure brings.
  const missing = !error || GraphQLAnswerError.has(error, ErrorCode.NotFound);
  const absent = !memorial && !loading && missing;

  return (
    <Container size={960} px="md" py={{ base: 24, sm: 40 }}>
      {!absent && <PageTitle title={memorial ? memorial.fullName : text.memorial} />}
      <Suspense fallback={<PageLoader label={text.loadingMemorial} />}>
        {memorial ? (
          <MemorialView memorial={memorial} read={read} />
        ) : loading ? (
          <PageLoader label={text.loadingMemorial} />
        ) : !missing ? (
          <MemorialFailure error={error} onRetry={() => void read.reload()} />
        ) : (
          <MemorialNotFound />
        )}
      </Suspense>
    </Container>
  );
}

/** The tab's title, while the page has one to give (the not-found part gives its own). */
function PageTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}
