export * from './admin-export.module';
export * from './csv';
export * from './export-request';
export * from './export-table';
export * from './export-writer';
export * from './table-reader';
