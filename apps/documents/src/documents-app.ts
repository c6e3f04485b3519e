import type { DocumentsConfig } from './documents.config';
import { documentsService } from './documents.module';

/** Builds the documents service (not yet listening); used by main and by tests. */
export const createDocumentsApp = (config: DocumentsConfig) => documentsService.createApp(config);
