import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fenToChineseCapital, formatYuan } from '@lvb/contracts/money';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime } from '@/shared/lib/format';
import {
  failureOf,
  isCodeWellFormed,
  LETTER_STATUSES,
  letterVerificationQuery,
  normalise,
  VERIFY_CODE_LENGTH,
  verifyLetterFile,
  type CheckFailure,
  type LetterFileVerification,
  type LetterVerification,
  type OrderStatus,
} from '../api/verify';
import './plain-hall.css';
import { PlainEmpty, PlainLoadFailed, PlainSkeleton } from './plain-states';
import { buttonText } from './plain-texts';
import { SectionFrame } from './section-frame';
import './verify-page.css';

/** The number and code in the URL (`?no=&code=`, what the letter's QR code opens), normalised. */
function checkFrom(params: URLSearchParams): { no: string; code: string } {
  return { no: normalise(params.get('no') ?? ''), code: normalise(params.get('code') ?? '') };
}

/** A status's name, for the statuses a letter can be read in (any other: "not issued"). */
function useStatusName() {
  const { t } = useTranslation();
  return (status: OrderStatus | null) =>
    (LETTER_STATUSES as readonly string[]).includes(status ?? '')
      ? t(`publicVerify.status.${status as (typeof LETTER_STATUSES)[number]}`)
      : t('publicVerify.status.other');
}

/** One field of the form: its label, the native input and its error, tied together for readers. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={`vp-field${error ? ' vp-field--error' : ''}`}>
      <label className="vp-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <span className="vp-field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="vp-field__error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, hint: boolean, error: boolean) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** The number and code, typed or filled from the URL; submitting hands them on normalised. */
function CheckForm({
  no,
  code,
  onCheck,
}: {
  no: string;
  code: string;
  onCheck: (check: { no: string; code: string }) => void;
}) {
  const { t } = useTranslation();
  // Fixed ids: React draws the page on the server, the light client (Preact) hydrates it.
  const id = 'vp-letter';
  const [letterNo, setLetterNo] = useState(no);
  const [verifyCode, setVerifyCode] = useState(code);
  // The errors show after a submission, or at once for a malformed code that came in the URL.
  const [errors, setErrors] = useState<{ no?: string; code?: string }>(() =>
    no && code && !isCodeWellFormed(code) ? { code: t('publicVerify.codeInvalid') } : {},
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      no: normalise(letterNo) ? undefined : t('publicVerify.letterNoRequired'),
      code: isCodeWellFormed(verifyCode) ? undefined : t('publicVerify.codeInvalid'),
    };
    setErrors(next);
    if (next.no || next.code) return;
    onCheck({ no: normalise(letterNo), code: normalise(verifyCode) });
  };

  return (
    <form className="vp-form" onSubmit={submit} noValidate role="search" aria-label={t('publicVerify.checkTitle')}>
      <Field id={`${id}-no`} label={t('publicVerify.letterNo')} error={errors.no}>
        <input
          id={`${id}-no`}
          name="no"
          className="ph-input vp-input"
          value={letterNo}
          onChange={(event) => setLetterNo(event.target.value)}
          placeholder={t('publicVerify.letterNoPlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={errors.no ? true : undefined}
          aria-describedby={describedBy(`${id}-no`, false, !!errors.no)}
        />
      </Field>
      <Field id={`${id}-code`} label={t('publicVerify.code')} hint={t('publicVerify.codeHint')} error={errors.code}>
        <input
          id={`${id}-code`}
          name="code"
          className="ph-input vp-input vp-input--code"
          value={verifyCode}
          onChange={(event) => setVerifyCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // Room for spaces pasted around the code: they are trimmed.
          maxLength={VERIFY_CODE_LENGTH + 12}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={describedBy(`${id}-code`, true, !!errors.code)}
        />
      </Field>
      <div className="vp-form__actions">
        <button type="submit" className="ph-btn vp-btn--primary">
          {buttonText(t('publicVerify.verify'))}
        </button>
      </div>
    </form>
  );
}

/** A failed check: the server's message (a wrong number or code, too many checks) or a retry. */
function CheckFailed({ failure, onRetry }: { failure: CheckFailure; onRetry: () => void }) {
  const { t } = useTranslation();
  if (failure.kind === 'network' || failure.kind === 'other') {
    return (
      <div data-testid="verify-failed">
        <PlainLoadFailed
          title={failure.message || t('publicVerify.failed')}
          retry={t('common.retry')}
          onRetry={onRetry}
        />
      </div>
    );
  }
  const rateLimited = failure.kind === 'rateLimited';
  return (
    <div
      className={`vp-notice ${rateLimited ? 'vp-notice--warning' : 'vp-notice--error'}`}
      role="alert"
      data-testid={rateLimited ? 'verify-rate-limited' : 'verify-not-found'}
    >
      <strong className="vp-notice__title">
        {rateLimited ? t('publicVerify.rateLimited') : t('publicVerify.notFound')}
      </strong>
      <span>{failure.message}</span>
    </div>
  );
}

/** The facts of a verified letter, label beside value, with its status as a coloured verdict. */
function LetterResult({ letter, checkedAt }: { letter: LetterVerification; checkedAt: number }) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const inForce = letter.status === 'issued';
  const facts: [string, ReactNode][] = [
    [t('publicVerify.field.kind'), t(`publicVerify.kind.${letter.kind}`, { defaultValue: letter.kind })],
    [t('publicVerify.field.beneficiary'), letter.beneficiary],
    [t('publicVerify.field.applicant'), letter.applicant],
    [
      t('publicVerify.field.project'),
      <>
        <span className="vp-code">{letter.projectCode}</span> {letter.projectName}
      </>,
    ],
    [t('publicVerify.field.amount'), <strong className="vp-amount">{formatYuan(letter.amountFen)}</strong>],
    [
      t('publicVerify.field.amountInWords'),
      <strong lang="zh-CN" data-testid="verify-amount-words">
        {fenToChineseCapital(letter.amountFen)}
      </strong>,
    ],
    [
      t('publicVerify.field.validity'),
      t('publicVerify.field.validityValue', { from: letter.validFrom, to: letter.validTo }),
    ],
    [t('publicVerify.field.issuedAt'), formatTime(letter.issuedAt)],
  ];
  return (
    <section className="vp-result" aria-labelledby="vp-result-title" data-testid="verify-result">
      <div className="vp-result__head">
        <h3 id="vp-result-title" className="vp-result__title">
          {t('publicVerify.resultTitle', { letterNo: letter.letterNo })}
        </h3>
        <button type="button" className="ph-btn vp-no-print" onClick={() => window.print()}>
          {buttonText(t('publicVerify.print'))}
        </button>
      </div>
      <dl className="vp-facts">
        <div className="vp-facts__row">
          <dt>{t('publicVerify.field.status')}</dt>
          <dd>
            <strong
              className={`vp-verdict ${inForce ? 'vp-verdict--valid' : 'vp-verdict--ended'}`}
              data-testid="verify-status"
            >
              {t('publicVerify.statusLine', {
                verdict: inForce ? t('publicVerify.valid') : t('publicVerify.notInForce'),
                status: statusName(letter.status),
              })}
            </strong>
          </dd>
        </div>
        {facts.map(([label, value]) => (
          <div className="vp-facts__row" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="vp-checked-at">{t('publicVerify.checkedAt', { time: formatTime(new Date(checkedAt)) })}</p>
    </section>
  );
}

/** Checks the number and code in the URL: the empty state before, then loading, the letter or why not. */
function LetterCheck({ no, code }: { no: string; code: string }) {
  const { t, i18n } = useTranslation();
  const ready = !!no && isCodeWellFormed(code);
  const check = useQuery({ ...letterVerificationQuery(no, code, i18n.language), enabled: ready });
  let body: ReactNode;
  if (!ready) body = <PlainEmpty description={t('publicVerify.before')} />;
  else if (check.isPending || (check.isFetching && check.isError))
    body = <PlainSkeleton rows={4} label={t('publicVerify.checking')} />;
  else if (check.isError) body = <CheckFailed failure={failureOf(check.error)} onRetry={() => void check.refetch()} />;
  else body = <LetterResult letter={check.data} checkedAt={check.dataUpdatedAt} />;
  return (
    <div className="vp-outcome" aria-live="polite" aria-busy={check.isFetching || undefined}>
      {body}
    </div>
  );
}

/** The file check's answer: the platform's letter, byte for byte, or not; with the file's SHA-256. */
function FileAnswer({ answer }: { answer: LetterFileVerification }) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  return (
    <div
      className={`vp-notice ${answer.matches ? 'vp-notice--success' : 'vp-notice--error'}`}
      role="status"
      data-testid={answer.matches ? 'file-matches' : 'file-differs'}
    >
      <strong className="vp-notice__title">
        {answer.matches
          ? t('publicVerify.file.matches', { letterNo: answer.letterNo ?? '', status: statusName(answer.status) })
          : t('publicVerify.file.differs')}
      </strong>
      <span>
        {t('publicVerify.file.sha256')}: <code className="vp-hash">{answer.sha256}</code>
      </span>
    </div>
  );
}

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

/** "Is this file the issued letter?": a PDF sent to the server, which compares its SHA-256. */
function FileCheck() {
  const { t } = useTranslation();
  const id = 'vp-file';
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const check = useMutation({ mutationFn: verifyLetterFile });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !file ? t('publicVerify.file.required') : !isPdf(file) ? t('publicVerify.file.notPdf') : undefined;
    setError(problem);
    if (file && !problem) check.mutate(file);
  };

  return (
    <section className="vp-section vp-no-print" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="vp-section__title">
        {t('publicVerify.file.title')}
      </h2>
      <p className="vp-section__hint">{t('publicVerify.file.hint')}</p>
      <form className="vp-form vp-form--file" onSubmit={submit} noValidate>
        <Field id={`${id}-file`} label={t('publicVerify.file.label')} error={error}>
          <input
            id={`${id}-file`}
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            className="vp-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(undefined);
              check.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${id}-file`, false, !!error)}
          />
        </Field>
        <div className="vp-form__actions">
          <button type="submit" className="ph-btn vp-btn--primary" disabled={check.isPending}>
            {buttonText(t('publicVerify.file.check'))}
          </button>
        </div>
      </form>
      <div className="vp-outcome" aria-live="polite">
        {check.isPending ? (
          <p className="vp-pending" role="status">
            {t('publicVerify.file.checking')}
          </p>
        ) : check.isError ? (
          <CheckFailed failure={failureOf(check.error)} onRetry={() => file && check.mutate(file)} />
        ) : check.data ? (
          <FileAnswer answer={check.data} />
        ) : null}
      </div>
    </section>
  );
}

/**
 * `/verify`: the public check of a guarantee letter (no sign-in), where the QR code printed on every
 * letter leads with `?no=&code=`: with both in the URL the page checks at once, and a manual check
 * puts them there (replacing the entry), so a result can be shared. A second section checks a PDF
 * byte for byte. Plain HTML (no antd), and printable: on paper, the letter's facts alone.
 */
export function VerifyPage() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const { no, code } = checkFrom(params);

  const onCheck = (next: { no: string; code: string }) => {
    // The same letter again: check it again (the URL stays as it is).
    if (next.no === no && next.code === code) {
      void client.refetchQueries({ queryKey: letterVerificationQuery(no, code, i18n.language).queryKey });
      return;
    }
    const search = new URLSearchParams(params);
    search.set('no', next.no);
    search.set('code', next.code);
    setParams(search, { replace: true });
  };

  return (
    <SectionFrame title={t('publicPages.verify')} intro={t('publicPages.verifyIntro')}>
      <div className="ph-hall vp-page">
        <section className="vp-section" aria-labelledby="vp-check-title">
          <h2 id="vp-check-title" className="vp-section__title vp-no-print">
            {t('publicVerify.checkTitle')}
          </h2>
          <p className="vp-section__hint vp-no-print">{t('publicVerify.checkHint')}</p>
          <div className="vp-no-print">
            <CheckForm key={`${no}\n${code}`} no={no} code={code} onCheck={onCheck} />
          </div>
          <LetterCheck no={no} code={code} />
        </section>
        <FileCheck />
      </div>
    </SectionFrame>
  );
}
