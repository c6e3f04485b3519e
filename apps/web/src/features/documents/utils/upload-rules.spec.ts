import { UploadMessages } from '@jibs/domain';
import {
  DEFAULT_UPLOAD_RULES,
  allowedTypesText,
  declaredMimeType,
  dropzoneAccept,
  sortChosenFiles,
  uploadRulesOf,
} from './upload-rules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size, lastModified: 1 });

describe('uploadRulesOf', () => {
  it('reads documents’ limits, leaving out types this client does not know', () => {
    expect(
      uploadRulesOf({ maxFileSizeBytes: 5 * MB, allowedFileTypes: ['PDF', 'png', 'docx'] }),
    ).toEqual({ maxBytes: 5 * MB, allowed: ['pdf', 'png'] });
  });

  it('uses the settings’ defaults (10 MB; PDF, JPG, JPEG, PNG) before the answer', () => {
    expect(uploadRulesOf(undefined)).toEqual(DEFAULT_UPLOAD_RULES);
    expect(DEFAULT_UPLOAD_RULES.maxBytes).toBe(10 * MB);
  });
});

describe('dropzoneAccept', () => {
  it('groups the extensions by MIME type', () => {
    expect(dropzoneAccept(DEFAULT_UPLOAD_RULES)).toEqual({
      'application/pdf': ['.pdf'],
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
    });
    expect(dropzoneAccept({ maxBytes: MB, allowed: ['png'] })).toEqual({
      'image/png': ['.png'],
    });
  });
});

describe('allowedTypesText', () => {
  it('names the types in capitals', () => {
    expect(allowedTypesText(DEFAULT_UPLOAD_RULES)).toBe('PDF, JPG, JPEG, PNG');
  });
});

describe('sortChosenFiles', () => {
  it('accepts allowed files and refuses the others with the spec’s words', () => {
    const pdf = file('will.pdf', 'application/pdf');
    const photo = file('id.JPEG', '');
    const { accepted, refused } = sortChosenFiles(
      [pdf, photo, file('notes.docx', 'application/msword'), file('big.png', 'image/png', 6 * MB)],
      { maxBytes: 5 * MB, allowed: ['pdf', 'jpg', 'jpeg', 'png'] },
    );
    expect(accepted).toEqual([pdf, photo]);
    expect(refused).toEqual([
      { name: 'notes.docx', message: 'File type not allowed. Allowed types: PDF, JPG, JPEG, PNG' },
      { name: 'big.png', message: 'File size too large. Maximum size: 5MB' },
    ]);
  });

  it('refuses an empty file', () => {
    const { refused } = sortChosenFiles(
      [file('a.pdf', 'application/pdf', 0)],
      DEFAULT_UPLOAD_RULES,
    );
    expect(refused).toEqual([{ name: 'a.pdf', message: UploadMessages.empty }]);
  });
});

describe('declaredMimeType', () => {
  it('names the content type, from the extension when the browser gives none', () => {
    expect(declaredMimeType(file('a.jpg', ''), DEFAULT_UPLOAD_RULES)).toBe('image/jpeg');
    expect(declaredMimeType(file('a.jpg', 'image/pjpeg'), DEFAULT_UPLOAD_RULES)).toBe('image/jpeg');
    expect(declaredMimeType(file('a.pdf', 'application/pdf'), DEFAULT_UPLOAD_RULES)).toBe(
      'application/pdf',
    );
  });
});
