import { type LoginRequest, loginRequestSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTotpStep } from '../components/totp-code-field';

interface SignInMutation {
  mutate: (request: LoginRequest, options: { onError: (error: Error) => void }) => void;
}

/**
 * A sign-in form's state: e-mail and password, then the authenticator code once the account asks
 * for it. `describeFailure` words any other refusal for the form's error box.
 */
export function useSignInForm(signIn: SignInMutation, describeFailure: (error: Error) => string) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(loginRequestSchema), defaultValues: { email: '', password: '', totp_code: '' } });
  const totp = useTotpStep(form);

  const onSubmit = form.handleSubmit(({ totp_code, ...credentials }) => {
    setFailure(null);
    if (!totp.codeLooksValid(totp_code)) return;
    signIn.mutate(totp.needsCode ? { ...credentials, totp_code } : credentials, {
      onError: (error) => {
        if (!totp.handled(error)) setFailure(describeFailure(error));
      },
    });
  });

  /** The e-mail or password box's registration; its message clears as soon as it is edited. */
  const credential = (name: 'email' | 'password') => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    error: form.formState.errors[name]?.message,
  });

  return { form, needsCode: totp.needsCode, failure, onSubmit, credential };
}
