/**
 * The light client's entry: the drawn page is painted before any of the client's code runs (its
 * modules come preloaded with the document), then ./client.tsx makes it interactive. Run at once,
 * the client's start held the first paint of a public page back by its whole start-up.
 *
 * Until then nothing a person does is lost: a press of a button (a tab, "send code", sign in) is
 * held, the browser doing nothing with it (a form is never sent the browser's way), and done again
 * once the page answers; what was typed or chosen meanwhile is handed to the page then.
 */
const held: HTMLElement[] = [];

/** What a press acts on before the page answers: its buttons and forms (links work as they are). */
const PRESSABLE = 'button, [role="button"], [role="tab"], input[type="checkbox"], input[type="radio"]';

function hold(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const pressed = event.type === 'submit' ? target : target?.closest<HTMLElement>(PRESSABLE);
  if (!pressed) return;
  event.preventDefault();
  event.stopPropagation();
  if (!held.includes(pressed as HTMLElement)) held.push(pressed as HTMLElement);
}

document.addEventListener('click', hold, true);
document.addEventListener('submit', hold, true);

/** Fields whose value is no longer the one drawn: the page's state learns it as if typed now. */
function handOverFields(): void {
  for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    '#root input, #root textarea',
  )) {
    const box = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    const changed = box ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
    if (changed && field.type !== 'file') field.dispatchEvent(new Event(box ? 'change' : 'input', { bubbles: true }));
  }
  for (const select of document.querySelectorAll<HTMLSelectElement>('#root select')) {
    if ([...select.options].some((option) => option.selected !== option.defaultSelected)) {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

function release(): void {
  document.removeEventListener('click', hold, true);
  document.removeEventListener('submit', hold, true);
  handOverFields();
  for (const pressed of held.splice(0)) {
    if (pressed instanceof HTMLFormElement) pressed.requestSubmit();
    else pressed.click();
  }
}

requestAnimationFrame(() =>
  setTimeout(() => {
    import('./client')
      .then((client) => client.start())
      .finally(release)
      .catch(() => undefined);
  }, 0),
);
