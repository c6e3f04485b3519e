import { ADMIN_CONSOLE_TITLE, documentTitle } from './use-document-title';

describe('documentTitle', () => {
  it("names the member site's screens", () => {
    expect(documentTitle('Sign in')).toBe('Sign in · JIBS');
    expect(documentTitle('')).toBe('JIBS');
  });

  it("names the admin console's screens", () => {
    expect(documentTitle('Users', ADMIN_CONSOLE_TITLE)).toBe('Users | JIBS Admin');
  });
});
