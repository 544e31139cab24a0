import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/auth-provider';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** Signs out with the spec's toasts and goes to /auth, whatever the server answered. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut();
      toast.success(AUTH_MESSAGES.signedOut);
    } catch (error) {
      const description =
        error instanceof ApiError && error.code === 'network_error'
          ? AUTH_MESSAGES.signOutNetwork
          : error instanceof ApiError && error.code === 'timeout'
            ? AUTH_MESSAGES.signOutTimeout
            : AUTH_MESSAGES.signOutGeneric;
      toast.error(AUTH_MESSAGES.signOutIssue, { description });
    }
    void navigate('/auth', { replace: true });
  }, [signOut, navigate]);
}
