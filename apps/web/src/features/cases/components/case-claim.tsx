import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ClientMessages,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  INVOICE_DOCUMENT_TYPES,
  PAYEE_KINDS,
  PAYEE_KIND_LABELS,
  type ExpenseCategory,
  type PayeeKind,
  AdminOpsMessages,
  CaseReportMessages,
  DocumentPageMessages,
} from '@jibs/domain';
import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { toApiError, useMessages, useMoneyFormat, useText } from '@jibs/web-data';
import { useCaseValue } from '@jibs/web-ui';
import { documentTypeLabel } from '../../documents/utils/document-labels';
import {
  AddClaimExpenseDocument,
  MyDocumentsDocument,
  RemoveClaimExpenseDocument,
  type CaseClaimFragment,
} from '../../../gql/graphql';

interface LineForm {
  category: string;
  amount: number | string;
  payeeKind: string;
  payeeName: string;
  documentId: string;
}

const EMPTY: LineForm = { category: '', amount: '', payeeKind: '', payeeName: '', documentId: '' };

/**
 * The family's burial-assistance claim on an approved report: its expense lines, each with an
 * invoice from the member's own documents; add and remove. The server checks every rule
 * (eligible categories, amounts, the invoice's owner, the claim window) and says why it refuses.
 */
export function CaseClaim({ reportId, claim }: { reportId: string; claim: CaseClaimFragment }) {
  const {
    CaseReportMessages: text,
    AdminOpsMessages: ops,
    ClientMessages: client,
    DocumentPageMessages: documentPage,
  } = useMessages({ CaseReportMessages, AdminOpsMessages, ClientMessages, DocumentPageMessages });
  const translate = useText();
  const value = useCaseValue();
  const money = useMoneyFormat();
  const labelOf = (map: Record<string, string>, key: string) => value(map[key] ?? key);
  const [form, setForm] = useState<LineForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const documents = useQuery(MyDocumentsDocument);
  const [add, adding] = useMutation(AddClaimExpenseDocument);
  const [remove, removing] = useMutation(RemoveClaimExpenseDocument);
  const invoices = (documents.data?.myDocuments ?? []).filter(
    (document) =>
      (INVOICE_DOCUMENT_TYPES as readonly string[]).includes(document.documentType) &&
      document.status !== 'REJECTED',
  );
  const headingId = `claim-${reportId}`;

  const edit = (field: keyof LineForm, value: string | number) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const fieldError = (field: string) => errors[field] && translate(errors[field]);

  const submit = async () => {
    setRefusal(null);
    const dollars = typeof form.amount === 'number' ? form.amount : Number.NaN;
    try {
      await add({
        variables: {
          input: {
            reportId,
            category: form.category,
            amount: Number.isFinite(dollars) ? Math.round(dollars * 100) : 0,
            payeeKind: form.payeeKind,
            payeeName: form.payeeName,
            documentId: form.documentId,
          },
        },
      });
      setForm(EMPTY);
      setErrors({});
      notifications.show({
        color: 'green',
        title: text.expenseAdded,
        message: text.claimUpdated,
      });
    } catch (error) {
      const api = toApiError(error);
      if (Object.keys(api.fieldErrors).length) setErrors(api.fieldErrors);
      else setRefusal(api.message || client.errorTitle);
    }
  };

  const removeLine = async (lineId: string) => {
    setRefusal(null);
    try {
      await remove({ variables: { lineId } });
    } catch (error) {
      setRefusal(toApiError(error).message);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {text.burialExpenses}
      </Title>
      {claim.lines.length === 0 ? (
        <Text c="gray.7">{text.noExpenses}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{text.expense}</Table.Th>
              <Table.Th>{ops.paidTo}</Table.Th>
              <Table.Th ta="end">{text.amount}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{text.actions}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {claim.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{labelOf(EXPENSE_CATEGORY_LABELS, line.category)}</Table.Td>
                <Table.Td>
                  {text.payee(line.payeeName, labelOf(PAYEE_KIND_LABELS, line.payeeKind))}
                </Table.Td>
                <Table.Td ta="end">{money.cents(line.amount)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={removing.loading}
                    aria-label={text.removeExpense(labelOf(EXPENSE_CATEGORY_LABELS, line.category))}
                    onClick={() => void removeLine(line.id)}
                  >
                    {text.remove}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td colSpan={2}>{text.total}</Table.Td>
              <Table.Td ta="end">{money.cents(claim.total)}</Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tbody>
        </Table>
      )}
      {refusal && (
        <Alert color="red" variant="light" role="alert">
          {translate(refusal)}
        </Alert>
      )}
      <form
        noValidate
        aria-label={text.addAnExpense}
        onSubmit={(event) => (event.preventDefault(), void submit())}
      >
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={text.expense}
              placeholder={text.choose}
              data={EXPENSE_CATEGORIES.map((value: ExpenseCategory) => ({
                value,
                label: labelOf(EXPENSE_CATEGORY_LABELS, value),
              }))}
              value={form.category || null}
              onChange={(value) => edit('category', value ?? '')}
              error={fieldError('category')}
            />
            <NumberInput
              label={text.amountUsd}
              min={0}
              decimalScale={2}
              value={form.amount}
              onChange={(value) => edit('amount', value)}
              error={fieldError('amount')}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={ops.paidTo}
              placeholder={text.choose}
              data={PAYEE_KINDS.map((value: PayeeKind) => ({
                value,
                label: labelOf(PAYEE_KIND_LABELS, value),
              }))}
              value={form.payeeKind || null}
              onChange={(value) => edit('payeeKind', value ?? '')}
              error={fieldError('payeeKind')}
            />
            <TextInput
              label={ops.payeeName}
              value={form.payeeName}
              onChange={(event) => edit('payeeName', event.currentTarget.value)}
              error={fieldError('payeeName')}
            />
          </Group>
          <Select
            label={text.invoice}
            description={text.invoiceHelp}
            placeholder={invoices.length ? text.chooseDocument : text.noInvoices}
            data={invoices.map((document) => ({
              value: document.id,
              label: text.documentOption(
                document.fileName,
                documentTypeLabel(document.documentType, documentPage),
              ),
            }))}
            value={form.documentId || null}
            onChange={(value) => edit('documentId', value ?? '')}
            error={fieldError('documentId')}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          />
          <Group>
            <Button type="submit" loading={adding.loading}>
              {text.addExpense}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
