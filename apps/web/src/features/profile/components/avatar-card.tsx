import { validateAvatarFile } from '@ledgerdesk/domain/profile/avatar-file';
import {
  AVATAR_UPDATED_DESCRIPTION,
  AVATAR_UPDATED_TITLE,
  avatarUploadFailedMessage,
} from '@ledgerdesk/domain/profile/profile-messages';
import { displayName } from '@ledgerdesk/domain/shell/display-name';
import { Camera, Loader2 } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { Profile } from '../../../lib/profile-query';
import { toast } from '../../../lib/toast';
import { useUploadAvatar } from '../api/upload-avatar';

/** The profile picture with its upload button; checks type and size before anything is sent (spec §5). */
export function AvatarCard({ profile }: { profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const name = displayName(profile.fullName, profile.email);
  const isUploading = upload.isPending;

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Clear the input so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const problem = validateAvatarFile(file);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success(AVATAR_UPDATED_TITLE, { description: AVATAR_UPDATED_DESCRIPTION }),
      onError: (error) => {
        const { title, description } = avatarUploadFailedMessage(error.message);
        toast.error(title, { description });
      },
    });
  }

  return (
    <Card className="flex flex-wrap items-center gap-4 p-4">
      <div className="relative w-fit">
        <Avatar name={name} src={profile.avatarUrl} size={64} />
        {isUploading ? (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-black/45 text-white">
            <Loader2 className="size-5 animate-spin" aria-hidden />
          </span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1 basis-40">
        <p className="truncate text-sm font-semibold">{name}</p>
        <p className="text-[13px] text-muted">PNG, JPEG, GIF or WebP, up to 5 MB.</p>
      </div>
      <input
        ref={input}
        type="file"
        name="avatar"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile picture file"
        onChange={handleFile}
        disabled={isUploading}
      />
      <Button
        variant="outline"
        onClick={() => input.current?.click()}
        disabled={isUploading}
        aria-busy={isUploading}
      >
        {isUploading ? <Loader2 className="animate-spin" aria-hidden /> : <Camera aria-hidden />}
        {isUploading ? 'Uploading...' : 'Upload Picture'}
      </Button>
    </Card>
  );
}
