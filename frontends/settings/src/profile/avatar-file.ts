import { imageFormatOf, imageMimeTypes, limits, messages, IMAGE_SIGNATURE_BYTES, type ImageFormat } from '@smista/contracts';
import { t } from '../messages';
import { AvatarUploadError } from './profile-api';

/** A picked file as the checks see it: its size and its first bytes (at least {@link IMAGE_SIGNATURE_BYTES}). */
export interface PickedFile {
  size: number;
  head: ArrayLike<number>;
}

/** Toast texts of a file that cannot be an avatar. */
export interface AvatarFileProblem {
  title: string;
  description: string;
}

/**
 * What a picked file is as an avatar: its image format (by its bytes, never its name or the type the
 * browser guessed from the name), or the toast texts saying why it cannot be one (spec §5, §8).
 */
export function checkAvatarFile(file: PickedFile): { format: ImageFormat } | { problem: AvatarFileProblem } {
  const format = imageFormatOf(file.head);
  if (!format) return { problem: { title: t.profile.avatarUnsupportedTitle, description: t.profile.avatarUnsupported } };
  if (file.size > limits.avatarMaxBytes) return { problem: { title: t.error, description: messages.validation.avatarTooLarge } };
  return { format };
}

/** The first bytes of a file, enough for {@link checkAvatarFile}. */
export async function readFileHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
}

/** Reads a file as a data URL; rejects when the browser cannot read it. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('read')));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The data URL to upload: the browser's payload under the type the bytes showed (the browser names
 * the type after the file name, or `application/octet-stream`).
 *
 * @example avatarDataUrl('data:application/octet-stream;base64,iVBORw0KGgo=', 'png') // 'data:image/png;base64,iVBORw0KGgo='
 */
export function avatarDataUrl(browserDataUrl: string, format: ImageFormat): string {
  return `data:${imageMimeTypes[format]};base64,${browserDataUrl.slice(browserDataUrl.indexOf(',') + 1)}`;
}

/** The toast description of a failed upload (spec §8). */
export function avatarErrorDescription(error: unknown): string {
  return error instanceof AvatarUploadError && error.message ? error.message : t.profile.avatarFailed;
}
