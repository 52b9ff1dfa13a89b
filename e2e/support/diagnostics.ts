import { expect, type Locator, type Page, type Response } from '@playwright/test';

interface Call {
  operation: string;
  startedAt: number;
  outcome?: string;
  /** Its answer, whose GraphQL error is read only when a step fails. */
  response?: Response | null;
}

const calls = new WeakMap<Page, Call[]>();

/** The GraphQL operation a request names (in its body, or in a persisted GET's query string). */
function operationOf(url: string, body: string | null): string {
  const named = /"operationName":"([^"]+)"/.exec(body ?? '')?.[1];
  return named ?? new URL(url).searchParams.get('operationName') ?? 'unnamed';
}

/**
 * Starts keeping the page's API calls (operation, when, how each ended), so a step that fails can
 * say which calls failed or never answered. Idempotent.
 */
export function watchApiCalls(page: Page) {
  if (calls.has(page)) return;
  const seen: Call[] = [];
  const open = new Map<object, Call>();
  calls.set(page, seen);
  page.on('request', (request) => {
    if (!request.url().includes('/graphql')) return;
    const call = { operation: operationOf(request.url(), request.postData()), startedAt: Date.now() };
    seen.push(call);
    open.set(request, call);
  });
  page.on('requestfinished', async (request) => {
    const call = open.get(request);
    if (!call) return;
    open.delete(request);
    const took = Date.now() - call.startedAt;
    call.response = await request.response().catch(() => null);
    call.outcome = `HTTP ${call.response?.status() ?? '?'} after ${took} ms`;
  });
  page.on('requestfailed', (request) => {
    const call = open.get(request);
    if (!call) return;
    open.delete(request);
    call.outcome = `failed (${request.failure()?.errorText}) after ${Date.now() - call.startedAt} ms`;
  });
}

/** The first GraphQL error of an answer (its code and message), if it has one. */
async function firstError(response: Response | null): Promise<string | null> {
  const body = (await response?.json().catch(() => null)) as {
    errors?: { message?: string; extensions?: { code?: string } }[];
  } | null;
  const error = body?.errors?.[0];
  return error ? `${error.extensions?.code ?? 'error'}: ${error.message}` : null;
}

/** What the page shows (its dialogs, alerts, toasts, busy buttons, the focus) and its recent API calls. */
async function pageState(page: Page): Promise<string> {
  const shown = await page
    .evaluate(() => {
      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
      const lines = [`url ${location.href}`, `focus ${document.activeElement?.outerHTML.slice(0, 160)}`];
      for (const el of document.querySelectorAll(
        '[role=dialog],[role=alertdialog],[role=alert],[role=status]',
      )) {
        lines.push(`${el.getAttribute('role')}: ${text(el)}`);
      }
      for (const el of document.querySelectorAll<HTMLInputElement>(
        '[role=dialog] input,[role=alertdialog] input',
      )) {
        lines.push(`field ${el.type} in a dialog: '${el.value}'`);
      }
      for (const el of document.querySelectorAll('button[data-loading],button:disabled')) {
        lines.push(`busy or disabled button: ${text(el)}`);
      }
      return lines.join('\n');
    })
    .catch((error: unknown) => `(the page could not be read: ${String(error)})`);
  const now = Date.now();
  const recent = await Promise.all(
    (calls.get(page) ?? []).slice(-8).map(async (call) => {
      const error = await firstError(call.response ?? null);
      const outcome = `${call.outcome ?? 'no answer yet'}${error ? ` (${error})` : ''}`;
      return `${call.operation} ${now - call.startedAt} ms ago: ${outcome}`;
    }),
  );
  return [shown, 'API calls (last 8):', ...recent].join('\n');
}

/**
 * Waits for the dialog titled `title`, the next step of a flow; when it does not show, the failure
 * says what the page shows instead, so a run's log explains it without its trace.
 */
export async function expectDialogStep(page: Page, target: Locator, title: string): Promise<void> {
  try {
    await expect(target).toBeVisible();
  } catch (error) {
    const state = await pageState(page);
    throw new Error(`The '${title}' step did not show.\n${state}\n\n${(error as Error).message}`);
  }
}
