import { credentialsProblem } from '@ledgerdesk/domain/auth/credentials-rules';
import { AUTH_MESSAGES, checkEmailMessage } from '@ledgerdesk/domain/auth/messages';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../auth-provider';

type Mode = 'login' | 'signup';

/** /auth: log in or sign up with email and password (spec §2 Login and sign-up). */
export function AuthPage() {
  const { signIn, signUp } = useAuth();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const redirectAddress = `${window.location.origin}/triage`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = credentialsProblem({ email, password });
    setFieldError(problem);
    if (problem) return;
    setIsSubmitting(true);
    try {
      if (mode === 'login') {
        await signIn({ email: email.trim(), password });
        toast.success(AUTH_MESSAGES.loggedIn);
        void navigate('/triage', { replace: true });
      } else {
        const { isSignedIn } = await signUp({ email: email.trim(), password });
        if (isSignedIn) {
          toast.success(AUTH_MESSAGES.accountCreated);
          void navigate('/triage', { replace: true });
        } else {
          toast(AUTH_MESSAGES.checkEmailTitle, { description: checkEmailMessage(email.trim()) });
        }
      }
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        toast.error(mode === 'login' ? AUTH_MESSAGES.loginFailed : AUTH_MESSAGES.signupFailed, {
          description: error.message,
        });
      } else {
        toast.error(AUTH_MESSAGES.errorTitle, { description: AUTH_MESSAGES.unexpectedError });
      }
    } finally {
      setIsSubmitting(false);
    }
  }

  const isLogin = mode === 'login';
  return (
    <main className="flex min-h-full items-center justify-center bg-surface-2 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-center gap-2">
          <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-sm font-bold text-accent-fg">
            L
          </span>
          <span className="text-lg font-semibold">Ledgerdesk</span>
        </div>
        <div className="rounded-xl border border-border bg-surface p-6 shadow-sm">
          <h1 className="text-lg font-semibold">{isLogin ? 'Welcome back' : 'Create your account'}</h1>
          <p className="mb-5 text-[13px] text-muted">
            {isLogin
              ? 'Log in to work through your triage inbox.'
              : 'Sign up to connect your mailboxes and start triaging.'}
          </p>
          <div
            role="tablist"
            aria-label="Login or sign up"
            className="mb-5 grid grid-cols-2 rounded-md bg-surface-2 p-1"
          >
            {(['login', 'signup'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={mode === value}
                onClick={() => {
                  setMode(value);
                  setFieldError(null);
                }}
                className={`h-8 rounded text-[13px] font-medium ${mode === value ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg'}`}
              >
                {value === 'login' ? 'Login' : 'Sign Up'}
              </button>
            ))}
          </div>
          <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="email">Email</Label>
              <Input
                id="email"
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="you@firm.com"
                required
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="password">Password</Label>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete={isLogin ? 'current-password' : 'new-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
                minLength={6}
              />
            </div>
            {fieldError ? (
              <p role="alert" className="text-[13px] text-danger">
                {fieldError}
              </p>
            ) : null}
            <Button
              type="submit"
              variant="primary"
              size="lg"
              disabled={isSubmitting}
              className="justify-center"
            >
              {isSubmitting ? <Loader2 className="animate-spin" /> : null}
              {isLogin ? 'Login' : 'Sign Up'}
            </Button>
          </form>
          <div className="mt-5 rounded-md border border-dashed border-border bg-surface-2 p-3 text-[12px] text-muted">
            <p className="font-medium text-fg">Debug</p>
            <p>
              Redirect address: <code className="font-mono break-all">{redirectAddress}</code>
            </p>
          </div>
        </div>
      </div>
    </main>
  );
}
