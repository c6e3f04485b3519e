import { DEFAULT_SETTINGS } from '@jibs/domain';
import { formatFileTypes } from './file-types';

describe('formatFileTypes', () => {
  it('names the default types as a reader would, JPEG folded into JPG', () => {
    expect(formatFileTypes(DEFAULT_SETTINGS.allowedFileTypes)).toBe('PDF, JPG and PNG');
  });

  it.each([
    [['pdf'], 'PDF'],
    [['pdf', 'png'], 'PDF and PNG'],
    [['.PDF', ' jpeg ', 'jpg'], 'PDF and JPG'],
    [[], ''],
  ])('%p reads %p', (types, expected) => {
    expect(formatFileTypes(types)).toBe(expected);
  });
});
