import { formatCents, DashboardMessages, LandingMessages } from '@jibs/domain';
import { Anchor, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PAYMENTS_TOPIC_ID, PRIVACY_TOPIC_ID, TERMS_TOPIC_ID } from '../utils/faq-topic-ids';
import { formatFileTypes } from '../utils/file-types';
import type { PublicSettingsValues } from '../utils/public-settings';
import { CONTACT_DETAILS } from '../utils/site-config';

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

const ContactLink = () => (
  <Anchor component={Link} to="/contact">
    contact us
  </Anchor>
);

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

/**
 * The FAQ's topics, worded with the service's current fees and file limits; `null` while they
 * load (placeholders stand for the figures).
 */
export function faqTopics(settings: PublicSettingsValues | null): FaqTopic[] {
  const figure = (value: (s: PublicSettingsValues) => ReactNode) =>
    settings ? value(settings) : <Pending />;
  const registrationFee = figure((s) => formatCents(s.registrationFee));
  const memberFee = figure((s) => formatCents(s.memberFee));
  const monthlyDues = figure((s) => formatCents(s.monthlyDues));

  return [
    {
      id: 'reporting-a-death',
      question: LandingMessages.reportQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>
            We are sorry for your loss. When you are ready, sign in and choose{' '}
            <strong>{DashboardMessages.submitDeathReport}</strong> from your dashboard. You will be
            asked for the name of the person who has passed away, the date and place of death, and
            your relationship to them. You can also add any notes that would help us.
          </Paragraph>
          <Paragraph>
            Our team reviews every report and contacts your family within 24&ndash;48 hours to guide
            you through what happens next. If any documents are needed, we will let you know.
          </Paragraph>
          <Paragraph>
            If you need to speak with someone right away, please call us at{' '}
            <Anchor href={CONTACT_DETAILS.urgentPhone.href}>
              {CONTACT_DETAILS.urgentPhone.display}
            </Anchor>
            .
          </Paragraph>
        </Stack>
      ),
    },
    {
      id: 'required-documents',
      question: 'What documents are required?',
      answer: (
        <Stack gap="sm">
          <Paragraph>
            To confirm a membership or a death report, our team may ask for documents such as:
          </Paragraph>
          <List c="gray.8" spacing={4}>
            <List.Item>a death certificate</List.Item>
            <List.Item>a government-issued photo ID</List.Item>
            <List.Item>proof of US citizenship or legal residence</List.Item>
            <List.Item>proof of your relationship to the person who has passed away</List.Item>
          </List>
          <Paragraph>
            You can upload them from the <strong>{DashboardMessages.uploadDocuments}</strong> page
            in your account. We accept {figure((s) => formatFileTypes(s.allowedFileTypes))} files of
            up to {figure((s) => s.maxFileSizeMb)} MB each. Our team reviews each document, and you
            can see its status in your account.
          </Paragraph>
          <Paragraph>
            If a death certificate is not available yet, you can still submit your death report now
            and upload the certificate later.
          </Paragraph>
        </Stack>
      ),
    },
    {
      id: PAYMENTS_TOPIC_ID,
      question: 'How do payments work?',
      answer: (
        <Stack gap="sm">
          <Paragraph>
            When your household registers, you pay a one-time registration fee of {registrationFee}.
            Each spouse, each child who is not working full-time, and each dependent parent you add
            is {memberFee}, also paid once.
          </Paragraph>
          <Paragraph>
            After that, membership is {monthlyDues} per month for the whole family, paid
            automatically each month by card. Card details are entered on our payment
            provider&rsquo;s secure page; JIBS does not store them.
          </Paragraph>
          <Paragraph>Every payment you make is listed in your Payment History.</Paragraph>
        </Stack>
      ),
    },
    {
      id: 'missed-payments',
      question: LandingMessages.missedPaymentQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>
            If three consecutive monthly payments are missed, the membership becomes inactive. A
            month paid in between starts the count again, and paying the overdue dues makes the
            membership active again. We let you know each time a payment does not go through.
          </Paragraph>
          <Paragraph>
            If you are finding it difficult to pay, please <ContactLink /> early so we can talk it
            through together.
          </Paragraph>
        </Stack>
      ),
    },
    {
      id: PRIVACY_TOPIC_ID,
      question: LandingMessages.safetyQuestion,
      answer: (
        <Stack gap="sm">
          <Paragraph>
            <strong>What we keep.</strong> The information you give us to run your membership: your
            name, contact details, date of birth and address; the members of your household; the
            documents you upload; any death reports you submit; and a record of your payments.
          </Paragraph>
          <Paragraph>
            <strong>Who can see it.</strong> When you sign in, you see only your own
            household&rsquo;s information; other members cannot see it. A small number of authorised
            administrators can see members&rsquo; information, only to review reports and documents
            and to manage memberships. Each memorial page is public, for family only, or private, as
            the person who creates it chooses.
          </Paragraph>
          <Paragraph>
            <strong>How it is protected.</strong> Everything travels between your device and our
            service over an encrypted connection (HTTPS). Your password is never stored as you typed
            it, only in a scrambled form that cannot be turned back into the password.
          </Paragraph>
          <Paragraph>
            A full written Privacy Policy is being prepared. Until it is published, this answer
            describes how your information is handled. If you have a question about your data,
            please <ContactLink />.
          </Paragraph>
        </Stack>
      ),
    },
    {
      id: TERMS_TOPIC_ID,
      question: 'Where can I read the Terms of Service?',
      answer: (
        <Stack gap="sm">
          <Paragraph>
            The full written Terms of Service are being prepared. Until they are published, the
            terms of membership are the ones described on this page: the registration fee and
            monthly membership, what happens when payments are missed, and how death reports are
            reviewed.
          </Paragraph>
          <Paragraph>
            If anything is unclear, please <ContactLink />. We are happy to explain.
          </Paragraph>
        </Stack>
      ),
    },
  ];
}
