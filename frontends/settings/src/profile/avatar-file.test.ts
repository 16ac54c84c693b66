import { avatarSchema } from '@smista/contracts';
import { avatarDataUrl, avatarErrorDescription, checkAvatarFile } from './avatar-file';
import { AvatarUploadError } from './profile-api';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

describe('checkAvatarFile', () => {
  it('accepts images up to 1 MB, by their bytes', () => {
    expect(checkAvatarFile({ head: PNG, size: 1024 })).toEqual({ format: 'png' });
    expect(checkAvatarFile({ head: JPEG, size: 1024 * 1024 })).toEqual({ format: 'jpeg' });
  });

  it('rejects non-images with the spec texts, whatever the file is called', () => {
    const unsupported = { problem: { title: 'Formato non supportato', description: 'Puoi caricare solo file immagine.' } };
    // A text file named foto.png: the name and the browser's type guess do not count.
    expect(checkAvatarFile({ head: text('Questo è un file di testo.\n'), size: 27 })).toEqual(unsupported);
    expect(checkAvatarFile({ head: text('%PDF-1.7\n'), size: 10 })).toEqual(unsupported);
    expect(checkAvatarFile({ head: text('<svg xmlns="http://www.w3.org/2000/svg"/>'), size: 40 })).toEqual(unsupported);
    expect(checkAvatarFile({ head: [], size: 0 })).toEqual(unsupported);
  });

  it('rejects images over 1 MB', () => {
    const result = checkAvatarFile({ head: PNG, size: 1024 * 1024 + 1 });
    expect('problem' in result && result.problem.description).toMatch(/1 MB/);
  });
});

describe('avatarDataUrl', () => {
  it('names the type the bytes showed, so the server accepts it', () => {
    const fromBrowser = `data:application/octet-stream;base64,${base64(PNG)}`;
    const url = avatarDataUrl(fromBrowser, 'png');
    expect(url).toBe(`data:image/png;base64,${base64(PNG)}`);
    expect(avatarSchema.safeParse({ avatar: url }).success).toBe(true);
    expect(avatarDataUrl('data:image/png;base64,/9j/4AAQ', 'jpeg')).toBe('data:image/jpeg;base64,/9j/4AAQ');
  });
});

describe('avatarErrorDescription', () => {
  it('uses the upload error text, else the generic one', () => {
    expect(avatarErrorDescription(new AvatarUploadError('Errore del server: 500'))).toBe('Errore del server: 500');
    expect(avatarErrorDescription(new TypeError('Failed to fetch'))).toBe("Impossibile aggiornare l'avatar. Riprova più tardi.");
  });
});
