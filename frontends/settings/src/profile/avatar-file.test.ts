import { avatarErrorDescription, avatarFileProblem, AvatarUploadError } from './avatar-file';

describe('avatarFileProblem', () => {
  it('accepts images up to 1 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: 1024 * 1024 })).toBeNull();
  });

  it('rejects non-images with the spec texts', () => {
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toEqual({
      title: 'Formato non supportato',
      description: 'Puoi caricare solo file immagine.',
    });
    expect(avatarFileProblem({ type: '', size: 10 })?.title).toBe('Formato non supportato');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })?.title).toBe('Formato non supportato');
  });

  it('rejects images over 1 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1024 * 1024 + 1 })?.description).toMatch(/1 MB/);
  });
});

describe('avatarErrorDescription', () => {
  it('uses the upload error text, else the generic one', () => {
    expect(avatarErrorDescription(new AvatarUploadError('Errore del server: 500'))).toBe('Errore del server: 500');
    expect(avatarErrorDescription(new TypeError('Failed to fetch'))).toBe("Impossibile aggiornare l'avatar. Riprova più tardi.");
  });
});
