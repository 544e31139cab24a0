/** Sign-in texts of spec §8, word for word. */
export const AUTH_MESSAGES = {
  loginFailed: 'Login failed',
  signupFailed: 'Signup failed',
  errorTitle: 'Error',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  loggedIn: 'Logged in successfully!',
  accountCreated: 'Account created and logged in successfully!',
  checkEmailTitle: 'Check your email',
  signedOut: 'Signed out',
  signOutIssue: 'Sign Out Issue',
  signOutNetwork: 'Network issue while signing out. You have been signed out on this device.',
  signOutTimeout: 'Signing out took too long. You have been signed out on this device.',
  signOutGeneric: 'Something went wrong while signing out. You have been signed out on this device.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  checkingAuthentication: 'Checking authentication...',
} as const;

/** "Check your email" description with the address filled in (spec §8). */
export function checkEmailMessage(email: string): string {
  return `Please check your email (${email}) and click the confirmation link to activate your account.`;
}
