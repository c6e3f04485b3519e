import { Fragment } from 'react';

/**
 * A translated sentence with one value in it (an address, a phone number) set in bold and
 * isolated, so right-to-left text does not move its punctuation.
 */
export function Emphasized({ text, value }: { text: string; value: string }) {
  const at = value ? text.indexOf(value) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <Fragment>
      {text.slice(0, at)}
      <strong>
        <bdi>{value}</bdi>
      </strong>
      {text.slice(at + value.length)}
    </Fragment>
  );
}
