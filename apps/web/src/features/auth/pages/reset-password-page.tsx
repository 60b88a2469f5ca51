import { NewPasswordFormSchema, ResetPasswordRequestSchema, ResetPasswordVerifySchema } from '@grain/shared';
import { Button, Group, PasswordInput, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../../../api/client';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';

export const RESEND_SECONDS = 60;

function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  const interval = useInterval(() => setSeconds((value) => Math.max(0, value - 1)), 1000);
  useEffect(() => {
    if (seconds > 0 && !interval.active) interval.start();
    if (seconds === 0 && interval.active) interval.stop();
  }, [seconds, interval]);
  return { seconds, restart: () => setSeconds(RESEND_SECONDS) };
}

/** spec/1 /reset-password: e-mail, 6-character code with a resend countdown, new password, success. */
export function Page() {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [isBusy, setBusy] = useState(false);
  const countdown = useCountdown();

  const emailForm = useZodForm({ schema: ResetPasswordRequestSchema, initialValues: { email: '' } });
  const codeForm = useZodForm({ schema: ResetPasswordVerifySchema, initialValues: { email: '', code: '' } });
  const passwordForm = useZodForm({
    schema: NewPasswordFormSchema,
    initialValues: { password: '', repeatPassword: '' },
  });

  // The request answers the same for every e-mail and a failure shows nothing (spec/2 Authentication).
  const requestCode = async (address: string) => {
    await apiRequest('/auth/reset-password-request', { method: 'POST', body: { email: address }, silent: true }).catch(
      () => undefined,
    );
    countdown.restart();
  };

  /**
   * One step's call: a refusal that belongs to a field (a wrong code) shows under it, anything else as a toast;
   * a step that succeeds clears the error toasts of the attempts before it.
   */
  // biome-ignore lint/suspicious/noExplicitAny: any step's form
  const run = async (form: any, action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      notifications.clean();
    } catch (error) {
      showServerErrors(form, error, { INVALID_DATA: 'code' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Title order={1} fz="h4">
        {t('auth.resetTitle')}
      </Title>
      <Stepper active={step} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label={t('auth.steps.email')}>
          <form
            noValidate
            onSubmit={emailForm.handleSubmit((values) =>
              run(emailForm, async () => {
                await requestCode(values.email);
                setEmail(values.email);
                codeForm.setValues({ email: values.email, code: '' });
                setStep(1);
              }),
            )}
          >
            <Stack mt="md">
              <Text size="sm">{t('auth.resetStep1')}</Text>
              <TextInput
                label={t('auth.email')}
                type="email"
                withAsterisk
                autoFocus
                {...emailForm.getInputProps('email')}
              />
              <Button type="submit" loading={isBusy}>
                {t('auth.resetSend')}
              </Button>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('auth.steps.code')}>
          <form
            noValidate
            onSubmit={codeForm.handleSubmit((values) =>
              run(codeForm, async () => {
                await apiRequest('/auth/reset-password-verify-code', { method: 'POST', body: values, silent: true });
                setCode(values.code);
                setStep(2);
              }),
            )}
          >
            <Stack mt="md">
              <Text size="sm">{t('auth.resetStep2', { email })}</Text>
              <TextInput
                label={t('auth.code')}
                withAsterisk
                maxLength={6}
                autoComplete="one-time-code"
                autoFocus
                styles={{ input: { letterSpacing: 4, textTransform: 'uppercase' } }}
                {...codeForm.getInputProps('code')}
              />
              <Group grow>
                <Button
                  variant="default"
                  disabled={countdown.seconds > 0}
                  onClick={() =>
                    void run(codeForm, () => requestCode(email)).then(() =>
                      notifications.show({ color: 'green', message: t('auth.resendDone') }),
                    )
                  }
                >
                  {countdown.seconds > 0 ? t('auth.resendIn', { seconds: countdown.seconds }) : t('auth.resend')}
                </Button>
                <Button type="submit" loading={isBusy}>
                  {t('auth.verify')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Step label={t('auth.steps.password')}>
          <form
            noValidate
            onSubmit={passwordForm.handleSubmit((values) =>
              run(passwordForm, async () => {
                await apiRequest('/auth/reset-password-confirm', {
                  method: 'POST',
                  body: { email, code, password: values.password },
                  silent: true,
                });
                setStep(3);
              }),
            )}
          >
            <Stack mt="md">
              <Text size="sm">{t('auth.resetStep3')}</Text>
              <PasswordInput
                label={t('auth.newPassword')}
                withAsterisk
                autoComplete="new-password"
                autoFocus
                {...passwordForm.getInputProps('password')}
              />
              <PasswordInput
                label={t('auth.repeatPassword')}
                withAsterisk
                autoComplete="new-password"
                {...passwordForm.getInputProps('repeatPassword')}
              />
              <Button type="submit" loading={isBusy}>
                {t('auth.setPassword')}
              </Button>
            </Stack>
          </form>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack mt="md">
            <Text size="sm" role="status">
              {t('auth.resetSuccess')}
            </Text>
            <Button component={Link} to="/login">
              {t('auth.backToLogin')}
            </Button>
          </Stack>
        </Stepper.Completed>
      </Stepper>
      {step < 3 && (
        <Button variant="subtle" component={Link} to="/login" size="xs">
          {t('auth.backToLogin')}
        </Button>
      )}
    </Stack>
  );
}
