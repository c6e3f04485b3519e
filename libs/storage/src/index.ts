export * from './file-sniffing';
export * from './objects';
export * from './s3-client';
export * from './storage-env';
export * from './test-s3';
export * from './upload-error';
export * from './upload-keys';
export * from './uploads';
