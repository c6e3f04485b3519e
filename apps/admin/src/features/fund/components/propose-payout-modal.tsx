import { useMutation } from '@apollo/client/react';
import { Alert, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  AdminOpsMessages,
  dollarsToCents,
  ErrorCode,
  PAYOUT_METHODS,
  PAYEE_KINDS,
  PayoutMessages,
  type FieldErrors,
} from '@jibs/domain';
import { actionErrorMessage, toApiError, useMessages } from '@jibs/web-data';
import { useState, type FormEvent } from 'react';
import { ProposePayoutDocument, type AdminFundQuery } from '../../../gql/graphql';
import { useReaderFormat } from '../../../shared/hooks/use-reader-format';
import { expenseCategoryLabel, payeeKindLabel, payoutMethodLabel } from '../utils/payout-labels';

type Claim = AdminFundQuery['assistanceClaims'][number];

const centsText = (cents: number) => (cents / 100).toFixed(2);

/** Propose a payout for one claim: an amount per line (what its invoice leaves by default). */
export function ProposePayoutModal({
  claim,
  onClose,
  onProposed,
}: {
  claim: Claim | null;
  onClose: () => void;
  onProposed: () => Promise<unknown>;
}) {
  const { AdminOpsMessages: ops } = useMessages({ AdminOpsMessages });
  return (
    <Modal opened={claim !== null} onClose={onClose} title={ops.proposeAPayout} size="lg" centered>
      {claim && <ProposeForm claim={claim} onClose={onClose} onProposed={onProposed} />}
    </Modal>
  );
}

function ProposeForm({
  claim,
  onClose,
  onProposed,
}: {
  claim: Claim;
  onClose: () => void;
  onProposed: () => Promise<unknown>;
}) {
  const [amounts, setAmounts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      claim.lines.map((line) => [
        line.lineId,
        centsText(Math.max(0, line.amount - line.inPayouts)),
      ]),
    ),
  );
  const [payee, setPayee] = useState<string | null>(claim.lines[0]?.payee ?? null);
  const [payeeName, setPayeeName] = useState('');
  const [method, setMethod] = useState<string | null>('check');
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [propose] = useMutation(ProposePayoutDocument);
  const { AdminOpsMessages: ops, PayoutMessages: payoutMessages } = useMessages({
    AdminOpsMessages,
    PayoutMessages,
  });
  const formatCents = useReaderFormat().money;

  const lines = claim.lines
    .map((line) => ({ lineId: line.lineId, amount: dollarsToCents(amounts[line.lineId] ?? '') }))
    .filter((line) => !(line.amount === 0));
  const total = lines.reduce((sum, line) => sum + (Number.isNaN(line.amount) ? 0 : line.amount), 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (lines.some((line) => Number.isNaN(line.amount))) {
      setErrors({ lines: payoutMessages.amountNotCents });
      return;
    }
    setSaving(true);
    setFormError(null);
    setErrors({});
    try {
      const result = await propose({
        variables: {
          input: {
            reportId: claim.reportId,
            lines,
            amount: total,
            payee,
            payeeName,
            method,
            reference,
          },
        },
      });
      notifications.show({
        color: 'green',
        title: ops.payoutProposed,
        message: result.data?.proposePayout.needsSecondApproval
          ? ops.proposedNeedsSecond(formatCents(total))
          : ops.proposedAmount(formatCents(total)),
      });
      await onProposed();
      onClose();
    } catch (error) {
      const api = toApiError(error);
      if (api.code === ErrorCode.BadUserInput) setErrors(api.fieldErrors);
      setFormError(actionErrorMessage(api));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {ops.claimSummary(
            claim.reportId.slice(0, 8),
            formatCents(claim.total),
            formatCents(claim.inPayouts),
          )}
        </Text>
        {formError && (
          <Alert color="red" variant="light" title={ops.payoutNotProposed} role="alert">
            {formError}
          </Alert>
        )}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{ops.expense}</Table.Th>
              <Table.Th>{ops.invoice}</Table.Th>
              <Table.Th>{ops.payNowUsd}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {claim.lines.map((line) => (
              <Table.Tr key={line.lineId}>
                <Table.Td>
                  {expenseCategoryLabel(ops, line.category)} ({payeeKindLabel(ops, line.payee)})
                </Table.Td>
                <Table.Td>{formatCents(line.amount)}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={ops.amountFor(expenseCategoryLabel(ops, line.category))}
                    value={amounts[line.lineId] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setAmounts((current) => ({ ...current, [line.lineId]: value }));
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {(errors['lines'] || errors['amount']) && (
          <Text c="red" size="sm" role="alert">
            {errors['lines'] ?? errors['amount']}
          </Text>
        )}
        <Text fw={600}>{ops.total(formatCents(total))}</Text>
        <Select
          label={ops.paidTo}
          data={PAYEE_KINDS.map((value) => ({ value, label: payeeKindLabel(ops, value) }))}
          value={payee}
          onChange={setPayee}
          error={errors['payee']}
          allowDeselect={false}
        />
        <TextInput
          label={ops.payeeName}
          value={payeeName}
          onChange={(event) => setPayeeName(event.currentTarget.value)}
          error={errors['payeeName']}
          required
        />
        <Select
          label={ops.method}
          data={PAYOUT_METHODS.map((value) => ({ value, label: payoutMethodLabel(ops, value) }))}
          value={method}
          onChange={setMethod}
          error={errors['method']}
          allowDeselect={false}
        />
        <TextInput
          label={ops.referenceOptional}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
          error={errors['reference']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {ops.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {ops.proposePayout}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
