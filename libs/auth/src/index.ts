export * from './access-audit';
export * from './access-decisions';
export * from './access-token';
export * from './auth.guard';
export * from './auth.module';
export * from './current-user.decorator';
export * from './revocations';
export * from './registration';
