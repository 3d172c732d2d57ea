import { expect, type Locator, type Page } from '@playwright/test';
import { th } from '../../i18n';
import { sessionFromCookie } from './helpers';

export { shoot, toast } from './helpers';

/** Thai texts of the risk module (src/i18n/th.ts `risk.*`, `common.*`, `errors.*`). */
export const RISK_TH = {
  required: th.risk.required,
  tabs: {
    level: th.risk.tabs.level,
    likelihood: th.risk.tabs.likelihood,
    event: th.risk.tabs.event,
    plan: th.risk.tabs.plan,
    evaluation: th.risk.tabs.evaluation,
    rtp: th.risk.tabs.rtp,
  },
  finance: th.risk.categories['risk-finance'],
  operation: th.risk.categories['risk-operation'],
  levelSaved: th.risk.level.saved,
  matrixSaved: th.risk.likelihood.saved,
  matrixReset: th.risk.likelihood.reset,
  add: th.risk.add,
  create: th.risk.create,
  edit: th.risk.edit,
  delete: th.risk.delete,
  cancel: th.risk.cancel,
  save: th.risk.save,
  submit: th.risk.submit,
  search: th.risk.search,
  eventName: th.risk.tabs.event,
  eventAdded: th.risk.event.add_success,
  eventEdited: th.risk.event.edit_success,
  eventAddTitle: th.risk.event.add_title,
  planName: th.risk.plan.name,
  planAddTitle: th.risk.plan.add_title,
  planAdded: th.risk.plan.add_success,
  cia: { C: th.risk.cia.confidentiality, I: th.risk.cia.integrity, A: th.risk.cia.availability },
  emptyList: th.common.empty_list,
  noResults: th.common.no_results,
  needEvent: th.risk.evaluation.need_event,
  startEvaluation: th.risk.evaluation.start,
  editEvaluationTitle: th.risk.start.title_edit,
  evaluationName: th.risk.columns.topic,
  pickEvents: th.risk.start.pick_events,
  overall: th.risk.start.overall,
  treatmentNeeded: th.risk.start.treatment_needed,
  treatmentRequired: 'ความเสี่ยงระดับสูง (H) และสูงมาก (VH) ต้องระบุผู้รับผิดชอบ วิธีจัดการ แผน และวันครบกำหนด',
  owner: th.risk.report.owner,
  treatment: th.risk.start.treatment,
  mitigate: th.risk.start.treatments.mitigate,
  planPick: th.risk.start.plan_pick,
  dueDate: th.risk.report.dueDate,
  residualLikelihood: th.risk.start.residual_likelihood,
  residualImpact: th.risk.start.residual_impact,
  saveDraft: th.risk.start.save_draft,
  finish: th.risk.start.finish,
  draftSaved: th.risk.start.saved,
  finished: th.risk.start.finished,
  back: th.risk.start.back,
  statusDraft: th.risk.evaluation.draft,
  statusFinished: th.risk.evaluation.finished,
  export: (n: number) => `ส่งออกรายงาน (${n})`,
  rtp: {
    all: th.risk.rtp.all,
    handle: th.risk.rtp.handle,
    notHandle: th.risk.rtp['not-handle'],
    editTitle: th.risk.columns.treatment_plan,
    plan: th.risk.rtp.plan,
    updated: th.risk.rtp.updated,
    fromEvaluation: th.risk.rtp.from_evaluation,
    deleteFromEvaluation: th.risk.rtp.delete_from_evaluation,
  },
  deleteDialog: { title: th.common.delete_dialog.title, confirm: th.common.delete_dialog.confirm, mismatch: 'คำที่พิมพ์ไม่ตรงกับ "delete"' },
  deleted: th.common.deleted,
  errorTitle: th.errors.title,
  inUse: th.server.in_use,
  codes: { L: th.risk.codes.L, M: th.risk.codes.M, H: th.risk.codes.H, VH: th.risk.codes.VH },
} as const;

export type RiskTab = keyof typeof RISK_TH.tabs;

/** A short unique suffix: every test writes into the one shared database. */
export const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * Opens `/risk-management/{tab}` and waits for its vertical tab to be the selected one: by clicking
 * the tab when a risk page is on screen already (as a user would), else (or with `reload`) by a full load.
 */
export async function openRisk(page: Page, tab: RiskTab, { name = RISK_TH.tabs[tab], reload = false }: { name?: string; reload?: boolean } = {}) {
  const link = page.getByRole('tab', { name, exact: true });
  if (!reload && new URL(page.url()).pathname.startsWith('/risk-management/')) await link.click();
  else await page.goto(`/risk-management/${tab}`);
  await expect(page).toHaveURL(`/risk-management/${tab}`);
  await expect(link).toHaveAttribute('aria-selected', 'true');
}

/** The list's range text under the table: '1-20 จาก 25' ('1-20 of 25' in English). */
export const range = (page: Page, text: string) => page.getByText(text, { exact: true });

/** The table rows of the list on screen. */
export const rows = (page: Page) => page.locator('table tbody tr');

/** The table row that shows `text`. */
export const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** The open dialog (MUI), optionally the one with this title. */
export const dialog = (page: Page, title?: string) =>
  title ? page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) }) : page.getByRole('dialog');

/** The list's search box and button: types `text` and presses the button. */
export async function search(page: Page, text: string) {
  const form = page.getByRole('search');
  await form.getByRole('textbox').fill(text);
  await form.getByRole('button', { name: /^(ค้นหา|Search)$/ }).click();
}

/** Deletes through the typed confirmation: the confirm button is disabled until `delete` is typed exactly. */
export async function typedDelete(page: Page, target: Locator) {
  await target.getByRole('button', { name: RISK_TH.delete, exact: true }).click();
  const box = dialog(page, RISK_TH.deleteDialog.title);
  await expect(box).toBeVisible();
  const confirm = box.getByRole('button', { name: RISK_TH.deleteDialog.confirm });
  await expect(confirm).toBeDisabled();
  await box.getByTestId('typed-delete-input').fill('Delete');
  await expect(box.getByText(RISK_TH.deleteDialog.mismatch)).toBeVisible();
  await expect(confirm).toBeDisabled();
  await box.getByTestId('typed-delete-input').fill('delete ');
  await expect(confirm).toBeDisabled();
  await box.getByTestId('typed-delete-input').fill('delete');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(box).toBeHidden();
}

/** The signed-in user's API token (the `pdpa_session` cookie). */
export async function bearer(page: Page): Promise<string> {
  const session = await sessionFromCookie(page);
  if (!session) throw new Error('not signed in: no pdpa_session cookie');
  return session.access_token;
}

/** Creates risk events (type 1) or plans (type 2) straight through the API, one after the other; returns their ids. */
export async function createRiskData(
  page: Page,
  names: string[],
  { type = 1, cia }: { type?: 1 | 2; cia?: { confidentiality: boolean; integrity: boolean; availability: boolean } } = {},
): Promise<string[]> {
  const headers = { Authorization: `Bearer ${await bearer(page)}`, 'X-Requested-With': 'XMLHttpRequest' };
  const ids: string[] = [];
  for (const riskMasterData of names) {
    const response = await page.request.post('/api/v1/datarisk/create', {
      headers,
      data: { riskMasterData, type, ...(cia ? { riskCia: cia } : {}) },
    });
    expect(response.status(), await response.text()).toBe(200);
    ids.push((await response.json()).data._id);
  }
  return ids;
}

/** A select of MUI (role combobox): opens it and picks the option. */
export async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A ThaiDateInput (day, month, Buddhist-era year) inside `scope`, found by its legend. */
export const thaiDate = (scope: Locator, legend: string) => scope.getByRole('group', { name: new RegExp(`^${legend}`) });

/** Picks a date in a ThaiDateInput: day number, month name as shown, year in the Buddhist era. */
export async function pickThaiDate(page: Page, group: Locator, date: { day: number; month: string; yearBE: number }) {
  const [day, month, year] = [th.common.date.day, th.common.date.month, th.common.date.year].map((name) =>
    group.getByRole('combobox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }),
  );
  await choose(page, day, String(date.day));
  await choose(page, month, date.month);
  await choose(page, year, String(date.yearBE));
}
