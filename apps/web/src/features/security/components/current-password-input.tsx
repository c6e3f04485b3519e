import { AccountSecurityDialogMessages, PublicSignInMessages } from '@jibs/domain';
import { useMessages } from '@jibs/web-data';
import { PasswordInput } from '@mantine/core';
import { useState } from 'react';

/**
 * The security dialogs' 'Current password' field: its show/hide button named in the reader's
 * language (Mantine's own name is English).
 */
export function CurrentPasswordInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const [visible, setVisible] = useState(false);
  const { AccountSecurityDialogMessages: text, PublicSignInMessages: signIn } = useMessages({
    AccountSecurityDialogMessages,
    PublicSignInMessages,
  });
  return (
    <PasswordInput
      label={text.currentPassword}
      autoComplete="current-password"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? signIn.hidePassword : signIn.showPassword,
        'aria-pressed': visible,
      }}
      error={error}
      errorProps={{ role: 'alert' }}
      data-autofocus
    />
  );
}
