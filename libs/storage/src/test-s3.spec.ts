import { testS3Server } from './test-s3';

describe('JIBS_TEST_S3', () => {
  it('chooses the server when set', () => {
    expect(testS3Server('verifying')).toBe('verifying');
    expect(testS3Server('s3rver')).toBe('s3rver');
  });

  it('names the accepted values when set to anything else', () => {
    expect(() => testS3Server('minio')).toThrow(
      "JIBS_TEST_S3 must be 'verifying' or 's3rver', not 'minio'",
    );
  });
});
