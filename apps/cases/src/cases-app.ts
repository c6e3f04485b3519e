import type { CasesConfig } from './cases.config';
import { casesService } from './cases.module';

/** Builds the cases service (not yet listening); used by main and by tests. */
export const createCasesApp = (config: CasesConfig) => casesService.createApp(config);
