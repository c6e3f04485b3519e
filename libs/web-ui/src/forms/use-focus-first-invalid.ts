import { useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, moves focus to the first field marked invalid (`aria-invalid`, which
 * Mantine sets with the field's error, itself tied to the field by `aria-describedby`), once the
 * errors are on screen. Attach `ref` to the element around the fields.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  return { ref, focusFirstInvalid: () => setRequest((n) => n + 1) };
}
