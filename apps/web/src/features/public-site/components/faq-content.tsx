import { DashboardMessages, LandingQuestionMessages, PublicFaqMessages } from '@jibs/domain';
import type { Locale } from '@jibs/i18n';
import { Anchor, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PAYMENTS_TOPIC_ID, PRIVACY_TOPIC_ID, TERMS_TOPIC_ID } from '../utils/faq-topic-ids';
import { formatFileTypes } from '../utils/file-types';
import type { PublicSettingsValues } from '../utils/public-settings';
import { CONTACT_DETAILS } from '../utils/site-config';
import classes from './faq-content.module.css';

export interface FaqTopic {
  /** Also the element id, so /faq#<id> opens and shows the answer. */
  id: string;
  question: string;
  answer: ReactNode;
}

const Paragraph = ({ children }: { children: ReactNode }) => (
  <Text c="gray.8" maw="70ch">
    {children}
  </Text>
);

const ContactLink = ({ children }: { children: ReactNode }) => (
  <Anchor component={Link} to="/contact">
    {children}
  </Anchor>
);

/**
 * A message with page elements in it (a link, a bold name, a figure): the message is worded
 * with markers in their places, then each marker becomes its element, wherever the language
 * puts it in the sentence.
 */
function withParts<A extends string[]>(
  message: (...args: A) => string,
  ...parts: { [K in keyof A]: ReactNode }
): ReactNode {
  const markers = parts.map((_, index) => `\u2063${index}\u2063`) as A;
  return message(...markers)
    .split(/\u2063(\d+)\u2063/)
    .map((piece, index) => (
      <Fragment key={index}>{index % 2 === 1 ? parts[Number(piece)] : piece}</Fragment>
    ));
}

/** Where a figure of the settings goes while they load (the answers are folded until then). */
const Pending = () => (
  <span
    aria-hidden
    style={{
      display: 'inline-block',
      width: '4ch',
      height: '0.9em',
      borderRadius: 4,
      verticalAlign: 'middle',
      background: 'var(--mantine-color-gray-2)',
    }}
  />
);

/** The messages the answers are worded with, in the reader's language. */
export interface FaqMessages {
  faq: typeof PublicFaqMessages;
  landing: typeof LandingQuestionMessages;
  dashboard: typeof DashboardMessages;
  locale: Locale;
  /** Cents in the reader's language (`useMoneyFormat().cents`). */
  money: (cents: number) => string;
}

/**
 * The FAQ's topics, worded with the service's current fees and file limits; `null` while they
 * load (placeholders stand for the figures).
 */
export function faqTopics(
  settings: PublicSettingsValues | null,
  { faq, landing, dashboard, locale, money }: FaqMessages,
): FaqTopic[] {
  const figure = (value: (s: PublicSettingsValues) => ReactNode) =>
    settings ? <bdi>{value(settings)}</bdi> : <Pending />;
  const registrationFee = figure((s) => money(s.registrationFee));
  const memberFee = figure((s) => money(s.memberFee));
  const monthlyDues = figure((s) => money(s.monthlyDues));
  const contact = <ContactLink>{faq.contactLink}</ContactLink>;

  return [
    {
      id: 'reporting-a-death',
      question: landing.reportQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>
            {withParts(faq.reportSorry, <strong>{dashboard.submitDeathReport}</strong>)}
          </Paragraph>
          <Paragraph>{faq.reportReview}</Paragraph>
          <Paragraph>
            {withParts(
              faq.reportCall,
              <Anchor href={CONTACT_DETAILS.urgentPhone.href}>
                <bdi>{CONTACT_DETAILS.urgentPhone.display}</bdi>
              </Anchor>,
            )}
          </Paragraph>
        </Stack>
      ),
    },
    {
      id: 'required-documents',
      question: faq.documentsQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>{faq.documentsIntro}</Paragraph>
          <ul className={classes.list}>
            <li>{faq.deathCertificate}</li>
            <li>{faq.photoId}</li>
            <li>{faq.citizenshipProof}</li>
            <li>{faq.relationshipProof}</li>
          </ul>
          <Paragraph>
            {withParts(
              faq.documentsUpload,
              <strong>{dashboard.uploadDocuments}</strong>,
              figure((s) => formatFileTypes(s.allowedFileTypes, locale)),
              figure((s) => s.maxFileSizeMb),
            )}
          </Paragraph>
          <Paragraph>{faq.documentsLater}</Paragraph>
        </Stack>
      ),
    },
    {
      id: PAYMENTS_TOPIC_ID,
      question: faq.paymentsQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>{withParts(faq.paymentsFees, registrationFee, memberFee)}</Paragraph>
          <Paragraph>{withParts(faq.paymentsMonthly, monthlyDues)}</Paragraph>
          <Paragraph>{faq.paymentsHistory}</Paragraph>
        </Stack>
      ),
    },
    {
      id: 'missed-payments',
      question: landing.missedPaymentQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>{faq.missedInactive}</Paragraph>
          <Paragraph>{withParts(faq.missedDifficult, contact)}</Paragraph>
        </Stack>
      ),
    },
    {
      id: PRIVACY_TOPIC_ID,
      question: landing.safetyQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>
            <strong>{faq.whatWeKeep}</strong> {faq.whatWeKeepText}
          </Paragraph>
          <Paragraph>
            <strong>{faq.whoCanSee}</strong> {faq.whoCanSeeText}
          </Paragraph>
          <Paragraph>
            <strong>{faq.howProtected}</strong> {faq.howProtectedText}
          </Paragraph>
          <Paragraph>{withParts(faq.privacyPending, contact)}</Paragraph>
        </Stack>
      ),
    },
    {
      id: TERMS_TOPIC_ID,
      question: faq.termsQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>{faq.termsPending}</Paragraph>
          <Paragraph>{withParts(faq.termsUnclear, contact)}</Paragraph>
        </Stack>
      ),
    },
  ];
}
