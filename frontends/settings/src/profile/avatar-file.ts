import { limits, messages } from '@smista/contracts';
import { t } from '../messages';

/** The raster formats the server stores (the contracts' avatar schema; no SVG). */
const SUPPORTED_TYPES = /^image\/(png|jpe?g|gif|webp|bmp|avif)$/;

/** Why a picked file cannot be an avatar, as toast texts; null when it can. */
export function avatarFileProblem(file: { type: string; size: number }): { title: string; description: string } | null {
  if (!SUPPORTED_TYPES.test(file.type)) {
    return { title: t.profile.avatarUnsupportedTitle, description: t.profile.avatarUnsupported };
  }
  if (file.size > limits.avatarMaxBytes) {
    return { title: t.error, description: messages.validation.avatarTooLarge };
  }
  return null;
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

/** A failed avatar upload whose message is fit for the toast (spec §8). */
export class AvatarUploadError extends Error {}

/** The toast description of a failed upload (spec §8). */
export function avatarErrorDescription(error: unknown): string {
  return error instanceof AvatarUploadError && error.message ? error.message : t.profile.avatarFailed;
}
