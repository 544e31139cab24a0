import { isApiErrorBody } from '@ledgerdesk/domain/http/api-error';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { type Profile, profileQueryOptions } from '../../../lib/profile-query';

const UPLOAD_TIMEOUT_MS = 60_000;

/** Sends the picture as multipart form data (one `file` field); the server answers with the new profile. */
export async function uploadAvatar(file: File): Promise<Profile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/profile/avatar', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(
      0,
      'network_error',
      error instanceof Error ? `Network error: ${error.message}` : 'Network error',
    );
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.error.code, data.error.message);
    throw new ApiError(
      response.status,
      'http_error',
      response.statusText || `Upload failed (${response.status})`,
    );
  }
  return (data as { profile: Profile }).profile;
}

/** The upload mutation; the returned profile (new avatar URL) replaces the cached one for the sidebar. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
    },
  });
}
