import {
  createContext,
  useContext,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeInvisibleIcon, LoadingIcon } from './auth-icons';
import type { Rule } from './form-rules';
import './plain-form.css';

/**
 * A small form kit without antd for the sign-in pages, in the look of antd's large vertical form:
 * labelled inputs with their error text below, a password input with show/hide, a submit button
 * with its loading state. antd's Form, Input and Button (with async-validator, some 65 KB
 * compressed) would otherwise load with every sign-in page.
 *
 * As in antd's Form, a field is checked when its value changes and every field on submit; only the
 * fields on screen count (rules: form-rules.ts).
 */
type Listener = () => void;

/** Values and errors of one form, read by its fields; see `usePlainForm`. */
export class FormStore {
  private values: Record<string, string> = {};
  private errors: Record<string, string | undefined> = {};
  private rules = new Map<string, Rule[]>();
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private emit() {
    this.listeners.forEach((listener) => listener());
  }

  getValue(name: string): string {
    return this.values[name] ?? '';
  }

  getError(name: string): string | undefined {
    return this.errors[name];
  }

  /** Sets a value without checking it (antd's setFieldValue); the error shown, if any, goes. */
  setValue(name: string, value: string): void {
    this.values = { ...this.values, [name]: value };
    this.errors = { ...this.errors, [name]: undefined };
    this.emit();
  }

  /** A value typed by the user: set and checked at once. */
  change(name: string, value: string): void {
    this.values = { ...this.values, [name]: value };
    this.check([name]);
  }

  /** The rules of a field on screen; the answer takes them away again. */
  register(name: string, rules: Rule[]): () => void {
    this.rules.set(name, rules);
    return () => {
      if (this.rules.get(name) === rules) this.rules.delete(name);
    };
  }

  /** Checks the fields named (default: all on screen), shows their errors, answers whether all pass. */
  check(names: string[] = [...this.rules.keys()]): boolean {
    const next = { ...this.errors };
    for (const name of names) {
      const value = this.getValue(name);
      next[name] = (this.rules.get(name) ?? []).map((rule) => rule(value)).find(Boolean);
    }
    this.errors = next;
    this.emit();
    return names.every((name) => !next[name]);
  }

  /** Whether a field of this name is on screen. */
  has(name: string): boolean {
    return this.rules.has(name);
  }

  /** Shows a message under a field (the server's refusal of its value) until the value changes. */
  setError(name: string, message: string): void {
    this.errors = { ...this.errors, [name]: message };
    this.emit();
  }

  /** The values of the fields on screen. */
  fieldValues(): Record<string, string> {
    return Object.fromEntries([...this.rules.keys()].map((name) => [name, this.getValue(name)]));
  }
}

/** The store of a form, kept for the life of the component. */
export function usePlainForm(): FormStore {
  return useState(() => new FormStore())[0];
}

const FormContext = createContext<{ store: FormStore; name: string } | null>(null);

function useFormContext() {
  const context = useContext(FormContext);
  if (!context) throw new Error('A form field is used outside a PlainForm.');
  return context;
}

/** The store of the form around (what antd's Form.useFormInstance gives). */
export function useFormStore(): FormStore {
  return useFormContext().store;
}

interface PlainFormProps {
  /** Prefix of the fields' ids (`<name>_<field>`), as antd's Form names them. */
  name: string;
  form: FormStore;
  /** Called with the values once every field on screen passes. */
  onFinish: (values: Record<string, string>) => void;
  children: ReactNode;
}

export function PlainForm({ name, form, onFinish, children }: PlainFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.check()) onFinish(form.fieldValues());
  };
  return (
    <FormContext.Provider value={{ store: form, name }}>
      {/* POST: a form sent before any script runs never puts a password in an address. */}
      <form id={name} className="pf-form" method="post" noValidate onSubmit={submit}>
        {children}
      </form>
    </FormContext.Provider>
  );
}

/** A field of the form around: its id, value, error and the props that tie the input to them. */
export function useField(field: string, rules: Rule[]) {
  const { store, name } = useFormContext();
  useLayoutEffect(() => store.register(field, rules), [store, field, rules]);
  const readValue = () => store.getValue(field);
  const readError = () => store.getError(field);
  // The server draws the form as it starts (empty, no errors), as the browser's first render does.
  const value = useSyncExternalStore(store.subscribe, readValue, readValue);
  const error = useSyncExternalStore(store.subscribe, readError, readError);
  const id = `${name}_${field}`;
  const helpId = `${id}_help`;
  return {
    id,
    helpId,
    value,
    error,
    change: (next: string) => store.change(field, next),
    inputProps: {
      id,
      name: field,
      value,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? helpId : undefined,
    } as const,
  };
}

interface FieldShellProps {
  id: string;
  helpId: string;
  label: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label above the control, the error below it (announced when it appears). */
export function FieldShell({ id, helpId, label, error, children }: FieldShellProps) {
  return (
    <div className={error ? 'pf-item pf-item--error' : 'pf-item'}>
      <label className="pf-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={helpId} className="pf-explain" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

interface InputBoxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  prefix?: ReactNode;
  suffix?: ReactNode;
  invalid?: boolean;
  /** Extra class of the box (e.g. its place in a group). */
  boxClassName?: string;
}

/** The bordered box of an input with an icon before it and a control after it. */
export function InputBox({ prefix, suffix, invalid, boxClassName, className, ...input }: InputBoxProps) {
  const classes = ['pf-input', invalid ? 'pf-input--error' : '', boxClassName ?? ''].filter(Boolean).join(' ');
  return (
    <span
      className={classes}
      // A press on the box's padding or icon puts the cursor in the input, as antd's does.
      onMouseDown={(event) => {
        const target = event.target as HTMLElement;
        if (target.closest('input, button')) return;
        event.preventDefault();
        event.currentTarget.querySelector('input')?.focus();
      }}
    >
      {prefix ? <span className="pf-input__prefix">{prefix}</span> : null}
      <input className={['pf-input__control', className].filter(Boolean).join(' ')} {...input} />
      {suffix ? <span className="pf-input__suffix">{suffix}</span> : null}
    </span>
  );
}

type NativeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix' | 'name' | 'id'>;

interface TextFieldProps extends NativeInputProps {
  name: string;
  label: ReactNode;
  rules: Rule[];
  prefix?: ReactNode;
  /** Rewrites what is typed (e.g. keeps digits only). */
  normalize?: (value: string) => string;
}

/** A labelled text input with its rules. */
export function TextField({ name, label, rules, prefix, normalize, ...input }: TextFieldProps) {
  const field = useField(name, rules);
  return (
    <FieldShell id={field.id} helpId={field.helpId} label={label} error={field.error}>
      <InputBox
        {...input}
        {...field.inputProps}
        prefix={prefix}
        invalid={Boolean(field.error)}
        onChange={(event) => field.change(normalize ? normalize(event.target.value) : event.target.value)}
      />
    </FieldShell>
  );
}

/** A labelled password input whose eye button (a 24 px target) shows or hides what was typed. */
export function PasswordTextField({
  name,
  label,
  rules,
  prefix,
  ...input
}: Omit<TextFieldProps, 'type' | 'normalize'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const field = useField(name, rules);
  return (
    <FieldShell id={field.id} helpId={field.helpId} label={label} error={field.error}>
      <InputBox
        {...input}
        {...field.inputProps}
        type={visible ? 'text' : 'password'}
        prefix={prefix}
        invalid={Boolean(field.error)}
        onChange={(event) => field.change(event.target.value)}
        suffix={
          <button
            type="button"
            className="pf-eye"
            aria-label={t('auth.showPassword')}
            aria-pressed={visible}
            aria-controls={field.id}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeIcon /> : <EyeInvisibleIcon />}
          </button>
        }
      />
    </FieldShell>
  );
}

interface PlainButtonProps {
  children: ReactNode;
  type?: 'submit' | 'button';
  primary?: boolean;
  block?: boolean;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  onClick?: () => void;
  'data-testid'?: string;
}

/** Two Chinese characters are set apart, as antd's buttons do ("登 录"). */
const twoCjk = /^[\u4e00-\u9fa5]{2}$/;
const spaced = (children: ReactNode) =>
  typeof children === 'string' && twoCjk.test(children) ? children.split('').join(' ') : children;

/**
 * A large button in antd's look; while `loading` it shows a spinner and ignores presses (the
 * form's double-submit guard), without losing its focus.
 */
export function PlainButton({
  children,
  type = 'button',
  primary,
  block,
  loading,
  disabled,
  className,
  onClick,
  ...rest
}: PlainButtonProps) {
  const classes = [
    'pf-btn',
    primary ? 'pf-btn--primary' : '',
    block ? 'pf-btn--block' : '',
    loading ? 'pf-btn--loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
      data-testid={rest['data-testid']}
    >
      {loading ? <LoadingIcon className="pf-spin" /> : null}
      <span>{spaced(children)}</span>
    </button>
  );
}
