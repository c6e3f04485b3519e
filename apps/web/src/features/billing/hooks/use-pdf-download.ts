import { useLanguage, useSessionManager } from '@jibs/web-data';
import { useState } from 'react';
import { inReadersLanguage } from '../utils/pdf-language';

/** Where billing serves members' PDFs through the gateway (with the member's bearer token). */
export const statementUrls = {
  receipt: (paymentId: string) => `/statements/receipts/${encodeURIComponent(paymentId)}`,
  contributions: (year: number) => `/statements/contributions/${year}`,
};

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Downloads a PDF billing renders for the signed-in member, in the page's language and with the
 * Hijri dates if the reader chose them: the request carries the access token (renewed once if it
 * lapsed), the file is saved under the name billing gave it.
 */
export function usePdfDownload() {
  const session = useSessionManager();
  const reader = useLanguage();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const download = async (url: string, fallbackName: string) => {
    setBusy(url);
    setFailed(null);
    try {
      const send = () => {
        const authorization = session.authorization();
        return fetch(inReadersLanguage(url, reader), {
          headers: authorization ? { authorization } : {},
          credentials: 'same-origin',
        });
      };
      let response = await send();
      if (response.status === 401 && (await session.refresh())) response = await send();
      if (!response.ok) {
        setFailed(url);
        return;
      }
      save(
        await response.blob(),
        fileNameOf(response.headers.get('content-disposition'), fallbackName),
      );
    } catch {
      setFailed(url);
    } finally {
      setBusy(null);
    }
  };

  return { download, busy, failed };
}
