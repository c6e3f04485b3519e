import type { IdentityConfig } from './identity.config';
import { identityService } from './identity.module';

/** Builds the identity service (not yet listening); used by main and by tests. */
export const createIdentityApp = (config: IdentityConfig) => identityService.createApp(config);
