/** The sidebar's Operations icon: a pulse line (outline, currentColor, hidden). */
export const OperationsIcon = () => (
  <svg
    width={20}
    height={20}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M3 12h4l2-6 4 12 2-6h6" />
  </svg>
);
