import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon, SafetyIcon } from '../components/auth-icons';
import { required } from '../components/form-rules';
import { FieldShell, PasswordTextField, useField, type FormStore } from '../components/plain-form';
import { SignInForm } from '../components/sign-in-form';
import { certificateSignIn } from './api';
import { CertificateFileError } from './pkcs12';
import { openCertificateFile, problemField } from './signing';
import './texts';
import './certificate-sign-in.css';

interface CertificateFileFieldProps {
  name: string;
  onFile: (file: File | null) => void;
}

/**
 * The certificate file of the plain form: the native file input, transparent over a box in the
 * look of the other inputs that names the picked file (in the page's language, which the native
 * control would not). Its value in the form is the file's name.
 */
function CertificateFileField({ name, onFile }: CertificateFileFieldProps) {
  const { t } = useTranslation();
  const rules = useMemo(() => [required(t('ca.fileRequired'))], [t]);
  const field = useField(name, rules);
  const classes = ['pf-input', 'ca-file', field.error ? 'pf-input--error' : ''].filter(Boolean).join(' ');
  return (
    <FieldShell id={field.id} helpId={field.helpId} label={t('ca.file')} error={field.error}>
      <span className={classes}>
        <span className="pf-input__prefix">
          <SafetyIcon />
        </span>
        <span className={field.value ? 'ca-file__name' : 'ca-file__name ca-file__name--empty'} aria-hidden="true">
          {field.value || t('ca.noFile')}
        </span>
        <span className="ca-file__button" aria-hidden="true">
          {t('ca.browse')}
        </span>
        <input
          id={field.id}
          name={name}
          type="file"
          accept=".p12,.pfx,application/x-pkcs12"
          className="ca-file__input"
          aria-invalid={field.inputProps['aria-invalid']}
          aria-describedby={field.inputProps['aria-describedby']}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            onFile(file);
            field.change(file?.name ?? '');
          }}
        />
      </span>
    </FieldShell>
  );
}

interface CertificateSignInFormProps {
  /** The form's name (its fields' ids start with it). */
  name: string;
  employee: boolean;
}

/**
 * The certificate tab of a sign-in page (DESIGN §9): the PKCS#12 file and its password. The file
 * is opened here, a fresh challenge signed with its key, and the certificate with the signature
 * sent (each field encrypted with the login cipher); the key never leaves the page. Why a file
 * could not be opened stands under its field; the server's refusal is a toast like any sign-in's.
 */
export default function CertificateSignInForm({ name, employee }: CertificateSignInFormProps) {
  const { t } = useTranslation();
  const file = useRef<File | null>(null);
  const passwordRules = useMemo(() => [required(t('ca.passwordRequired'))], [t]);
  // Each tab is a form of its own: the fields' ids are `<name>_caFile`, `<name>_caPassword`.
  const fields = { file: 'caFile', password: 'caPassword' };
  const showProblem = (form: FormStore, error: unknown) => {
    if (!(error instanceof CertificateFileError)) return;
    form.setError(fields[problemField(error)], t(`ca.${error.problem}`));
  };
  return (
    <SignInForm<Record<string, string>>
      name={name}
      employee={employee}
      signIn={async (values) => {
        if (!file.current) throw new CertificateFileError('unreadable');
        return certificateSignIn(await openCertificateFile(file.current, values[fields.password]!));
      }}
      onRefused={showProblem}
    >
      <CertificateFileField name={fields.file} onFile={(picked) => (file.current = picked)} />
      <PasswordTextField
        name={fields.password}
        label={t('ca.password')}
        rules={passwordRules}
        prefix={<LockIcon />}
        placeholder={t('ca.passwordPlaceholder')}
        autoComplete="off"
      />
      <p className="ca-key-note">{t('ca.keyNote')}</p>
    </SignInForm>
  );
}
