import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { RequestAuthContext } from './auth.guard';

/** The verified caller (null on a public operation called signed out). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  return GqlExecutionContext.create(context).getContext<RequestAuthContext>().user ?? null;
});
