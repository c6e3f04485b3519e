/** FAQ answers other pages link to (/faq#<id>), kept apart so links do not load the FAQ. */
export const PRIVACY_TOPIC_ID = 'privacy';
export const TERMS_TOPIC_ID = 'terms';
export const PAYMENTS_TOPIC_ID = 'payments';
