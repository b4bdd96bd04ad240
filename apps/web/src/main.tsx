import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { publicTextsReady } from '@/app/i18n';
import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import '@/styles/global.css';

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
