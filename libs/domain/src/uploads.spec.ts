import { DEFAULT_SETTINGS } from './settings';
import {
  UploadRejection,
  allowedContentTypes,
  checkDeclaredFile,
  contentTypeOfMime,
  fileExtension,
  fileTooLargeMessage,
  formatFileSize,
  fileTypeNotAllowedMessage,
  megabytesToBytes,
  uploadRejectionMessage,
  type SupportedFileType,
} from './uploads';

const documents = {
  maxBytes: megabytesToBytes(DEFAULT_SETTINGS.maxFileSizeMb),
  allowed: DEFAULT_SETTINGS.allowedFileTypes as SupportedFileType[],
};
const photos = { maxBytes: megabytesToBytes(10), allowed: ['jpg', 'jpeg', 'png'] as const };

describe('upload messages', () => {
  it('words the type and size refusals as the specification does', () => {
    expect(fileTypeNotAllowedMessage(['pdf', 'jpg', 'jpeg', 'png'])).toBe(
      'File type not allowed. Allowed types: PDF, JPG, JPEG, PNG',
    );
    expect(fileTooLargeMessage(megabytesToBytes(10))).toBe(
      'File size too large. Maximum size: 10MB',
    );
    expect(fileTooLargeMessage(megabytesToBytes(5))).toBe('File size too large. Maximum size: 5MB');
  });

  it("answers a key outside the caller's prefix exactly like a missing upload", () => {
    expect(uploadRejectionMessage(UploadRejection.NotOwned, documents)).toBe(
      uploadRejectionMessage(UploadRejection.NotFound, documents),
    );
  });
});

describe('file name and type helpers', () => {
  it('reads the last extension, lower-cased, and none from dot-files or names without one', () => {
    expect(fileExtension('Death Certificate.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.png')).toBe('png');
    expect(fileExtension('.png')).toBeUndefined();
    expect(fileExtension('scan')).toBeUndefined();
    expect(fileExtension('scan.')).toBeUndefined();
    expect(fileExtension('C:\\fakepath\\photo.JPEG')).toBe('jpeg');
  });

  it('maps browser content types, ignoring case and parameters', () => {
    expect(contentTypeOfMime('image/PNG; charset=binary')).toBe('png');
    expect(contentTypeOfMime('image/pjpeg')).toBe('jpeg');
    expect(contentTypeOfMime('application/x-msdownload')).toBeUndefined();
    expect(contentTypeOfMime('toString')).toBeUndefined();
  });

  it('treats jpg and jpeg as the same content', () => {
    expect([...allowedContentTypes(['jpg', 'png'])]).toEqual(['jpeg', 'png']);
  });
});

describe('checkDeclaredFile', () => {
  const pdf = { name: 'certificate.pdf', type: 'application/pdf', size: 1_000 };

  it('accepts an allowed file and says which content to expect', () => {
    expect(checkDeclaredFile(pdf, documents)).toEqual({ ok: true, contentType: 'pdf' });
    expect(checkDeclaredFile({ name: 'photo.JPEG', type: 'image/jpeg', size: 1 }, photos)).toEqual({
      ok: true,
      contentType: 'jpeg',
    });
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkDeclaredFile({ ...pdf, type: '' }, documents)).toEqual({
      ok: true,
      contentType: 'pdf',
    });
  });

  it.each([
    ['an .exe', { name: 'setup.exe', type: 'application/x-msdownload', size: 10 }],
    ['an .exe declared as a PDF', { name: 'setup.exe', type: 'application/pdf', size: 10 }],
    [
      'a PDF name with an executable type',
      { name: 'a.pdf', type: 'application/x-msdownload', size: 10 },
    ],
    ['a name without extension', { name: 'certificate', type: 'application/pdf', size: 10 }],
  ])('refuses %s with the allowed types', (_label, file) => {
    expect(checkDeclaredFile(file, documents)).toEqual({
      ok: false,
      reason: UploadRejection.TypeNotAllowed,
      message: 'File type not allowed. Allowed types: PDF, JPG, JPEG, PNG',
    });
  });

  it('refuses a PDF where only photos are allowed', () => {
    expect(checkDeclaredFile(pdf, photos)).toMatchObject({
      ok: false,
      message: 'File type not allowed. Allowed types: JPG, JPEG, PNG',
    });
  });

  it('accepts exactly the limit and refuses one byte over', () => {
    expect(checkDeclaredFile({ ...pdf, size: documents.maxBytes }, documents).ok).toBe(true);
    expect(checkDeclaredFile({ ...pdf, size: documents.maxBytes + 1 }, documents)).toEqual({
      ok: false,
      reason: UploadRejection.TooLarge,
      message: 'File size too large. Maximum size: 10MB',
    });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a declared size of %s as empty', (size) => {
    expect(checkDeclaredFile({ ...pdf, size }, documents)).toMatchObject({
      ok: false,
      reason: UploadRejection.Empty,
    });
  });

  it('refuses a blank or overlong name', () => {
    expect(checkDeclaredFile({ ...pdf, name: '   ' }, documents)).toMatchObject({
      reason: UploadRejection.FileNameMissing,
      message: 'File name is required',
    });
    expect(checkDeclaredFile({ ...pdf, name: `${'a'.repeat(252)}.pdf` }, documents)).toMatchObject({
      reason: UploadRejection.FileNameTooLong,
    });
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [2_202_009, '2.1 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [1234567890, '1.15 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('shows %i bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
