// Filled in by the billing and membership work.
export {};
