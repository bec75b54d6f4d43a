/**
 * Page helpers of the e2e specs: wait until a page has settled (remote mounted, no pending
 * request, no skeleton, fonts and images ready), and sign in, through the API (the specs whose
 * subject is something else) or through the forms (the sign-in flows themselves).
 */
import { expect, type Page } from '@playwright/test';
import { secondFactorCode } from './accounts.ts';
import { E2E } from './environment.ts';

/** Waits for the page to finish loading: network idle, no busy region, fonts and images decoded. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main#conteudo')).toBeVisible();
  // Busy regions (skeletons) gone; the component gallery shows busy states on purpose.
  await expect(page.locator('main [aria-busy="true"]:not([data-testid="component-gallery"] *), [data-testid="navigation-transition"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="admin-checking"], [data-testid="developer-checking"]')).toHaveCount(0);
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => (image.complete ? Promise.resolve() : image.decode().catch(() => undefined))));
    await document.fonts.ready;
  });
  await page.waitForLoadState('networkidle');
}

/**
 * Fills and submits the customer sign-in form of the page shown (/auth), once the page is live:
 * the form is server-rendered, and typing before it hydrated could be lost (a password or e-mail
 * field found empty, seen in full runs).
 */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.locator('html[data-remote-ready]')).toHaveCount(1);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).last().click();
}

/**
 * Signs `page`'s browser context in without a sign-in page, with the requests the forms send:
 * POST /api/auth/sign-in, then for staff POST /api/auth/sign-in/totp with the account's next code
 * ({@link secondFactorCode}), from the context's own request client, so the httpOnly refresh
 * cookie lands in the context's cookie jar and the next page restores the session on start
 * (shared-ui session.ts). A form sign-in costs a page load, its hydration and a toast; the
 * forms keep their own tests (the auth, admin-access and developer-access specs), and
 * {@link signInWithFormAsCustomer} serves the tests whose subject is what signing in changes.
 * `apiUrl`: the API of the store the page is on (default the e2e store's).
 * @throws when the service refuses the password or the code.
 */
async function signInThroughApi(page: Page, email: string, password: string, apiUrl: string): Promise<void> {
  const signIn = await page.request.post(`${apiUrl}/api/auth/sign-in`, { data: { email, password } });
  expect(signIn.status(), `sign-in of ${email}`).toBe(200);
  const result = (await signIn.json()) as { status: string; challengeToken?: string };
  if (result.status === 'totp_required') {
    const code = secondFactorCode(email);
    expect(code, `an authenticator of ${email} enrolled in this run`).toBeDefined();
    const second = await page.request.post(`${apiUrl}/api/auth/sign-in/totp`, { data: { challengeToken: result.challengeToken, code } });
    expect(second.status(), `code step of ${email}`).toBe(200);
  } else {
    expect(result.status, `sign-in of ${email}`).toBe('signed_in');
  }
}

/**
 * Signs in as a customer (through the API) and opens the home page, signed in (its account menu
 * shown). `apiUrl`: the API of the store the page is on (default the e2e store's).
 */
export async function signInAsCustomer(page: Page, email: string, password: string, apiUrl = E2E.apiUrl): Promise<void> {
  await signInThroughApi(page, email, password, apiUrl);
  await page.goto('/');
  await expect(page.getByRole('button', { name: `Conta de ${email}` })).toBeVisible();
}

/** Signs in at /auth as a customer through the form and waits for the confirmation toast. */
export async function signInWithFormAsCustomer(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await submitSignIn(page, email, password);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
}

/** Waits until the staff area at `page` has checked the session and shows its dashboard at `path`. */
async function staffAreaShown(page: Page, path: RegExp): Promise<void> {
  await expect(page.locator('html[data-remote-ready]')).toHaveCount(1);
  await expect(page.locator('[data-testid="admin-checking"], [data-testid="developer-checking"]')).toHaveCount(0);
  await expect(page).toHaveURL(path);
}

/** Signs in as staff (through the API, with the second factor) and opens the admin dashboard. */
export async function signInAsAdmin(page: Page, email: string, password: string): Promise<void> {
  await signInThroughApi(page, email, password, E2E.apiUrl);
  await page.goto('/admin');
  await staffAreaShown(page, /\/admin$/);
}

/**
 * The code step of a staff sign-in (staff enrol 2FA): types the next code of the
 * account's authenticator (accounts.ts). Nothing for an account without one.
 */
export async function passSecondFactor(page: Page, email: string): Promise<void> {
  const code = secondFactorCode(email);
  if (code === undefined) return;
  const step = page.getByRole('form', { name: 'Verificação em duas etapas' });
  await step.getByLabel('Código de verificação').fill(code);
  await step.getByRole('button', { name: 'Verificar' }).click();
}

/** Signs in as a developer (through the API, with the second factor) and opens the developer dashboard. */
export async function signInAsDeveloper(page: Page, email: string, password: string): Promise<void> {
  await signInThroughApi(page, email, password, E2E.apiUrl);
  await page.goto('/developer');
  await staffAreaShown(page, /\/developer$/);
}
