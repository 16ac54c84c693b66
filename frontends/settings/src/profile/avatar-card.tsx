import { useRef, useState, type ChangeEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import {
  apiRequest,
  displayNameOf,
  errorMessageFrom,
  initialOf,
  responseError,
  toast,
  Avatar,
  AvatarFallback,
  AvatarImage,
  Card,
  CardContent,
  Spinner,
  CURRENT_USER_QUERY_KEY,
  type User,
} from '@smista/ui-kit';
import { t } from '../messages';
import { avatarErrorDescription, avatarFileProblem, AvatarUploadError, readFileAsDataUrl } from './avatar-file';

/** `PUT /api/user/avatar` {avatar}; a non-ok answer becomes the server message or 'Errore del server: {status}'. */
async function uploadAvatar(avatar: string): Promise<{ success: boolean; user?: User }> {
  const res = await apiRequest('/api/user/avatar', { method: 'PUT', body: { avatar } });
  if (!res.ok) {
    const error = await responseError(res);
    throw new AvatarUploadError(errorMessageFrom(error) ?? t.profile.avatarServerError(res.status));
  }
  return (await res.json().catch(() => ({ success: true }))) as { success: boolean; user?: User };
}

/** The avatar with its change control (spec §2 profile, §8 avatar texts). */
export function AvatarCard({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (res, avatar) => {
      queryClient.setQueryData<User | null>(CURRENT_USER_QUERY_KEY, (old) =>
        res?.user ? res.user : old ? { ...old, avatar } : old,
      );
      setPreview(null);
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      toast({ title: t.profile.avatarUpdated, description: t.profile.avatarUpdatedDescription });
    },
    onError: (error) => {
      setPreview(null);
      toast({ title: t.error, description: avatarErrorDescription(error), variant: 'destructive' });
    },
  });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readFileAsDataUrl(file);
    } catch {
      toast({ title: t.error, description: t.profile.avatarReadFailed, variant: 'destructive' });
      return;
    }
    setPreview(dataUrl);
    upload.mutate(dataUrl);
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
