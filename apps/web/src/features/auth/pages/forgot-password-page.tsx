import { ForgotPasswordForm } from '../components/forgot-password-form';

/** The form, then the 'Check your email' screen (both inside the form component, which owns that state). */
export function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
