export interface AddressParts {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

/** A postal address on one line: "12 Oak St, Apt 4, Dearborn, MI 48126". */
export function formatAddress(address: AddressParts): string {
  const region = [address.state, address.zipCode].filter(Boolean).join(' ');
  return [address.addressLine1, address.addressLine2, address.city, region]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
