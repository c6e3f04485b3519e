import {
  DEFAULT_SETTINGS,
  FILE_CONTENT_TYPES,
  SUPPORTED_FILE_TYPES,
  checkDeclaredFile,
  contentTypeOfExtension,
  megabytesToBytes,
  type SupportedFileType,
  type UploadRules,
} from '@jibs/domain';
import type { QueuedFile } from './upload-queue';

/** The limits documents answers with (`uploadLimits`): bytes and extensions. */
export interface UploadLimitsAnswer {
  maxFileSizeBytes: number;
  allowedFileTypes: readonly string[];
}

/** Until documents has answered: the settings' defaults (the server checks again anyway). */
export const DEFAULT_UPLOAD_RULES: UploadRules = {
  maxBytes: megabytesToBytes(DEFAULT_SETTINGS.maxFileSizeMb),
  allowed: SUPPORTED_FILE_TYPES,
};

const isSupported = (type: string): type is SupportedFileType =>
  (SUPPORTED_FILE_TYPES as readonly string[]).includes(type);

/** The rules from documents' answer; types this client cannot recognise are left out. */
export function uploadRulesOf(limits: UploadLimitsAnswer | undefined): UploadRules {
  if (!limits) return DEFAULT_UPLOAD_RULES;
  const allowed = limits.allowedFileTypes.map((type) => type.toLowerCase()).filter(isSupported);
  return { maxBytes: limits.maxFileSizeBytes, allowed };
}

/**
 * The Dropzone's `accept`: each allowed MIME type with its extensions, so the file picker
 * offers .pdf, .jpg, .jpeg and .png (spec 2) and nothing else.
 */
export function dropzoneAccept(rules: UploadRules): Record<string, string[]> {
  const accept: Record<string, string[]> = {};
  for (const type of rules.allowed) {
    const contentType = contentTypeOfExtension(type);
    if (!contentType) continue;
    const mime = FILE_CONTENT_TYPES[contentType].mime;
    const extensions = (accept[mime] ??= []);
    if (!extensions.includes(`.${type}`)) extensions.push(`.${type}`);
  }
  return accept;
}

/** 'PDF, JPG, JPEG, PNG' for the screen's hint. */
export function allowedTypesText(rules: UploadRules): string {
  return [...new Set(rules.allowed.map((type) => type.toUpperCase()))].join(', ');
}

export interface RefusedFile {
  name: string;
  message: string;
}

/** Splits chosen files into those that may be listed and those refused, with the spec's words. */
export function sortChosenFiles<F extends QueuedFile>(
  files: readonly F[],
  rules: UploadRules,
): { accepted: F[]; refused: RefusedFile[] } {
  const accepted: F[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    const check = checkDeclaredFile(file, rules);
    if (check.ok) accepted.push(file);
    else refused.push({ name: file.name, message: check.message });
  }
  return { accepted, refused };
}

/** The MIME type to declare for a file: the browser's, or the one its extension implies. */
export function declaredMimeType(file: QueuedFile, rules: UploadRules): string {
  const check = checkDeclaredFile(file, rules);
  return check.ok ? FILE_CONTENT_TYPES[check.contentType].mime : file.type;
}
