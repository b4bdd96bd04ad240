import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isPhone, isSmsCode } from '@/shared/lib/validation';
import { matches, required, type Rule } from './form-rules';

/**
 * Phone and SMS code rules: plain ones for the sign-in forms (form-rules.ts) and antd's for the
 * registration form, with the same checks and messages. (Only types come from antd here.)
 */
export function phoneChecks(t: TFunction): Rule[] {
  return [required(t('auth.phoneRequired')), matches(isPhone, t('auth.phoneInvalid'))];
}

export function smsCodeChecks(t: TFunction): Rule[] {
  return [required(t('auth.codeRequired')), matches(isSmsCode, t('auth.codeInvalid'))];
}

/** The same checks as antd's form rules, for the registration form. */
export function phoneRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.phoneRequired') },
    {
      validator: (_, value: string) =>
        !value || isPhone(value) ? Promise.resolve() : Promise.reject(new Error(t('auth.phoneInvalid'))),
    },
  ];
}

export function smsCodeRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.codeRequired') },
    {
      validator: (_, value: string) =>
        !value || isSmsCode(value) ? Promise.resolve() : Promise.reject(new Error(t('auth.codeInvalid'))),
    },
  ];
}

/** Validates the phone field of an antd form before an SMS code is sent; answers the phone or undefined. */
export async function validatedPhone(form: FormInstance, field: string): Promise<string | undefined> {
  try {
    const values = (await form.validateFields([field])) as Record<string, string>;
    return values[field]?.trim();
  } catch {
    return undefined;
  }
}
