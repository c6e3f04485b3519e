import { s3ServerFromEnv } from './local-stack';

describe('S3_SERVER', () => {
  it('is s3rver unless set to verifying', () => {
    expect(s3ServerFromEnv(undefined)).toBe('s3rver');
    expect(s3ServerFromEnv('')).toBe('s3rver');
    expect(s3ServerFromEnv('s3rver')).toBe('s3rver');
    expect(s3ServerFromEnv('verifying')).toBe('verifying');
  });

  it('names the accepted values when set to anything else', () => {
    expect(() => s3ServerFromEnv('minio')).toThrow(
      "S3_SERVER must be 's3rver' or 'verifying', not 'minio'",
    );
  });
});
