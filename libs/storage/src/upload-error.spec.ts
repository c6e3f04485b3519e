import { GraphQLError } from 'graphql';
import { DEFAULT_SETTINGS, UploadRejection, megabytesToBytes } from '@jibs/domain';
import { createErrorFormatter } from '@jibs/subgraph';
import { UploadError } from './upload-error';

const rules = {
  maxBytes: megabytesToBytes(DEFAULT_SETTINGS.maxFileSizeMb),
  allowed: DEFAULT_SETTINGS.allowedFileTypes as ('pdf' | 'jpg' | 'jpeg' | 'png')[],
};

describe('UploadError', () => {
  it('reaches a GraphQL client as BAD_USER_INPUT with the message on the file field', () => {
    const logger = { error: jest.fn() };
    const format = createErrorFormatter(logger as never);
    const error = UploadError.of(UploadRejection.TooLarge, rules);
    const thrown = new GraphQLError(error.message, { originalError: error, path: ['confirm'] });

    expect(format({ message: error.message, path: ['confirm'] }, thrown)).toEqual({
      message: 'File size too large. Maximum size: 10MB',
      path: ['confirm'],
      extensions: {
        code: 'BAD_USER_INPUT',
        fieldErrors: { file: 'File size too large. Maximum size: 10MB' },
      },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });
});
