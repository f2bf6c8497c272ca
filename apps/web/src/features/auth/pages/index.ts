export { AdminLoginPage } from './admin-login-page';
export { ClaimAccountPage } from './claim-account-page';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { RegisterPage } from './register-page';
export { ResetPasswordPage } from './reset-password-page';
