import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isPhone, isSmsCode } from '@/shared/lib/validation';

/** Validation rules shared by the sign-in and registration forms. */
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

/** Validates the phone field before an SMS code is sent; answers the phone or undefined. */
export async function validatedPhone(form: FormInstance, field: string): Promise<string | undefined> {
  try {
    const values = (await form.validateFields([field])) as Record<string, string>;
    return values[field]?.trim();
  } catch {
    return undefined;
  }
}
