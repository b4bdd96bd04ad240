import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { publicTextsReady } from '@/app/i18n';
import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import { isValidationFailure } from '@/shared/lib/form-submit';
import { RequestError } from '@/shared/lib/request';
import '@/styles/global.css';

// A refused call (shown by the request wrapper) or a failed form validation (shown on its fields)
// has already been told to the user: every caller handles them, and one that slips through must
// not become an uncaught page error on top.
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason instanceof RequestError || isValidationFailure(event.reason)) event.preventDefault();
});

// The router starts loading the page at once; the first render waits for the texts of the chosen
// language (English ships with the app, Chinese is one small file). Until then index.html's
// skeleton stays on screen.
void publicTextsReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProvider>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
