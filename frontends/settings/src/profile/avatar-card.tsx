import { useRef, useState, type ChangeEvent } from 'react';
import { Camera } from 'lucide-react';
import type { UserJson } from '@smista/contracts';
import { displayNameOf, initialOf, toast, Avatar, AvatarFallback, AvatarImage, Card, CardContent, Spinner } from '@smista/ui-kit';
import { t } from '../messages';
import { avatarDataUrl, avatarErrorDescription, checkAvatarFile, readFileAsDataUrl, readFileHead } from './avatar-file';
import { useUploadAvatar } from './profile-api';

/** The avatar with its change control (spec §2 profile, §5 avatar, §8 avatar texts). */
export function AvatarCard({ user }: { user: UserJson }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useUploadAvatar();

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let dataUrl: string;
    try {
      // The bytes decide whether it is an image, not the file name (a text file named .png is refused).
      const checked = checkAvatarFile({ size: file.size, head: await readFileHead(file) });
      if ('problem' in checked) {
        toast({ ...checked.problem, variant: 'destructive' });
        return;
      }
      dataUrl = avatarDataUrl(await readFileAsDataUrl(file), checked.format);
    } catch {
      toast({ title: t.error, description: t.profile.avatarReadFailed, variant: 'destructive' });
      return;
    }
    setPreview(dataUrl);
    upload.mutate(dataUrl, {
      onSuccess: () => {
        setPreview(null);
        toast({ title: t.profile.avatarUpdated, description: t.profile.avatarUpdatedDescription });
      },
      onError: (error) => {
        setPreview(null);
        toast({ title: t.error, description: avatarErrorDescription(error), variant: 'destructive' });
      },
    });
  };

  const name = displayNameOf(user);
  const src = preview ?? user.avatar ?? undefined;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-6 sm:flex-row">
        <Avatar className="h-20 w-20 text-2xl" data-testid="profile-avatar">
          {src ? <AvatarImage src={src} alt={name} /> : null}
          <AvatarFallback>{initialOf(name)}</AvatarFallback>
        </Avatar>
        <div className="grid gap-2 text-center sm:text-left">
          <p className="font-medium">{t.profile.avatarTitle}</p>
          <p className="text-sm text-muted-foreground">{t.profile.avatarHint}</p>
          <div>
            <input
              ref={inputRef}
              id="avatar-upload"
              name="avatar"
              type="file"
              accept="image/*"
              className="sr-only"
              onChange={(e) => void onFile(e)}
              disabled={upload.isPending}
            />
            <label
              htmlFor="avatar-upload"
              className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-input bg-background px-3 text-xs font-medium shadow-sm hover:bg-accent focus-within:ring-2 focus-within:ring-ring"
            >
              {upload.isPending ? <Spinner className="h-4 w-4" /> : <Camera className="h-4 w-4" aria-hidden />}
              {upload.isPending ? t.profile.uploadingAvatar : t.profile.changeAvatar}
            </label>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
