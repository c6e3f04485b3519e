import { AdminUserMessages } from '@jibs/domain';

export const MAX_PAGE_SIZE = 200;

export const CasesMessages = {
  reportNotFound: 'Death report not found',
  limitOutOfRange: `Choose a limit from 1 to ${MAX_PAGE_SIZE}`,
  offsetOutOfRange: AdminUserMessages.offsetOutOfRange,
} as const;
