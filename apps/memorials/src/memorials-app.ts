import type { MemorialsConfig } from './memorials.config';
import { memorialsService } from './memorials.module';

/** Builds the memorials service (not yet listening); used by main and by tests. */
export const createMemorialsApp = (config: MemorialsConfig) => memorialsService.createApp(config);
